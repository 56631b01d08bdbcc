import FerryTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A full-screen program in a detached tmux session, driven as a user would and timed from outside: how long
/// until the screen shows something, the CPU and memory of the program's processes. Each screen capture costs a
/// `tmux capture-pane` (a few milliseconds), so times are as fine as that.
final class TUIDriver {
    private let session: TmuxSession
    /// When the session was started.
    let started: ContinuousClock.Instant

    /// Starts `command` on a `width` × `height` terminal.
    init(command: [String], width: Int = 120, height: Int = 40, environment: [String: String] = [:]) throws {
        started = .now
        session = try TmuxSession(command: command, width: width, height: height, environment: environment)
    }

    deinit { session.kill() }

    /// The screen as text; with `styled`, with its colours and attributes as escapes (a moved highlight shows).
    func screen(styled: Bool = false) -> String {
        let arguments = ["-L", session.name, "capture-pane", "-p"] + (styled ? ["-e"] : []) + ["-t", session.name]
        return (try? TmuxSession.run(arguments).output) ?? ""
    }

    /// Sends tmux key names (`C-r`, `Enter`, `Down`).
    func send(_ keys: String...) throws {
        let result = try TmuxSession.run(["-L", session.name, "send-keys", "-t", session.name] + keys)
        guard result.status == 0 else { throw LaunchBenchError("tmux send-keys failed: \(result.output)") }
    }

    /// Types `text` as it is (no key names).
    func type(_ text: String) throws {
        let result = try TmuxSession.run(["-L", session.name, "send-keys", "-t", session.name, "-l", text])
        guard result.status == 0 else { throw LaunchBenchError("tmux send-keys failed: \(result.output)") }
    }

    /// Seconds from `start` until `condition` holds for a capture, sleeping `interval` between captures; throws with
    /// the screen after `timeout`.
    @discardableResult
    func wait(
        _ what: String, from start: ContinuousClock.Instant = .now, timeout: Duration = .seconds(120),
        styled: Bool = false, every interval: Duration = .milliseconds(2), until condition: (String) -> Bool
    ) throws -> Double {
        let deadline = start + timeout
        while true {
            let current = screen(styled: styled)
            if condition(current) { return AppBench.seconds(ContinuousClock.now - start) }
            guard ContinuousClock.now < deadline else {
                throw LaunchBenchError("timed out waiting for \(what); screen:\n\(current)")
            }
            usleep(useconds_t(AppBench.seconds(interval) * 1e6))
        }
    }

    /// Seconds from sending `keys` until the styled screen differs from what it was.
    func latency(of keys: String, timeout: Duration = .seconds(30)) throws -> Double {
        let before = screen(styled: true)
        let start = ContinuousClock.now
        try send(keys)
        return try wait("a change after \(keys)", from: start, timeout: timeout, styled: true) { $0 != before }
    }

    /// The processes under the pane's shell: the program and anything it started.
    private func programProcesses() -> [Int32] {
        let shown = try? TmuxSession.run([
            "-L", session.name, "display-message", "-p", "-t", session.name, "#{pane_pid}",
        ])
        guard let shell = shown.flatMap({ Int32($0.output.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            return []
        }
        var found: [Int32] = []
        var queue = [shell]
        while let pid = queue.popLast() {
            let children =
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))?
                .split(separator: " ").compactMap { Int32($0) } ?? []
            found += children
            queue += children
        }
        return found
    }

    /// Resident bytes of the program's processes now.
    func residentBytes() -> Double {
        programProcesses().reduce(0) { total, pid in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            let kilobytes = line.flatMap { $0.split(separator: " ").compactMap { Double($0) }.first } ?? 0
            return total + kilobytes * 1024
        }
    }

    /// CPU seconds (user and system) the program's processes have used so far.
    func cpuSeconds() -> Double {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return programProcesses().reduce(0) { total, pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return total }
            // After the command's name: state is field 3; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
                return total
            }
            return total + (user + system) / ticks
        }
    }

    /// The share of one processor the program used over `seconds` of leaving it alone.
    func idleCPU(over seconds: Double) -> Double {
        let before = cpuSeconds()
        usleep(useconds_t(seconds * 1e6))
        return (cpuSeconds() - before) / seconds
    }
}
