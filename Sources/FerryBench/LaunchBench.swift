import FerryTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The real `ferry` binary as a user starts it: `ferry --version`, and launch to the first full frame of
/// the workbench on an 80×24 pseudo-terminal (`FERRY_EXIT_AFTER_FIRST_FRAME=1` quits once it is drawn),
/// wall-clock medians plus the CPU time per run (which the load from other processes does not inflate); then
/// the first full screen in tmux against tmux's own floor (``FirstScreenBench``).
/// `FERRY_BENCH_BEFORE=/path/to/older/ferry` adds that build's rows beside the current ones.
enum LaunchBench: BenchSuite {
    static let name = "launch"
    static let runs = 21

    static func run() throws -> [BenchRow] {
        // `make run` runs the static build; the dynamic one sits beside this benchmark.
        let before = ProcessInfo.processInfo.environment["FERRY_BENCH_BEFORE"].map {
            ("before (FERRY_BENCH_BEFORE)", $0)
        }
        let binaries =
            ([
                ("static Swift runtime", URL(fileURLWithPath: ".build/static/release/ferry").path),
                ("dynamic", FerryProcess.executableURL.path),
            ] + [before].compactMap { $0 }).filter { FileManager.default.isExecutableFile(atPath: $0.1) }
        guard !binaries.isEmpty else { throw LaunchBenchError("no ferry binary (build the ferry product first)") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-launch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("### Get\n# @name get\nGET {{host}}/get\n".utf8).write(to: root.appendingPathComponent("api.http"))
        try Data(#"{"local": {"host": "http://127.0.0.1:9"}}"#.utf8)
            .write(to: root.appendingPathComponent("http-client.env.json"))
        let terminal = try PseudoTerminal()
        defer { terminal.close() }

        var rows: [BenchRow] = []
        for (kind, binary) in binaries {
            let version = try measure { try spawnAndWait([binary, "--version"], terminal: terminal, extra: []) }
            let frame = try measure {
                try spawnAndWait([binary, root.path], terminal: terminal, extra: ["FERRY_EXIT_AFTER_FIRST_FRAME=1"])
            }
            let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first
            rows.append(
                BenchRow(
                    suite: name, name: "ferry --version, \(kind) (start to exit, median of \(runs))",
                    value: String(format: "%.1f ms", version.wall * 1000),
                    comparison: String(
                        format: "CPU %.1f ms per run; load average %@", version.cpu * 1000, String(load ?? "?")),
                    meetsTarget: nil))
            rows.append(
                BenchRow(
                    suite: name, name: "launch to first full frame, \(kind) (pty, median of \(runs))",
                    value: String(format: "%.1f ms", frame.wall * 1000),
                    comparison: String(format: "target < 50 ms; CPU %.1f ms per run", frame.cpu * 1000),
                    meetsTarget: frame.wall < 0.05))
        }
        return rows + (try FirstScreenBench.rows(binaries: binaries, workspace: root, suite: name))
    }

    // MARK: - Running the binary

    /// The median wall time and the mean CPU time (user + system of the children) of `runs` calls.
    private static func measure(_ body: () throws -> Void) throws -> (wall: Double, cpu: Double) {
        try body()  // warm-up: page cache, dynamic loader cache
        var walls: [Double] = []
        let cpuBefore = childCPUSeconds()
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            walls.append(AppBench.seconds(ContinuousClock.now - start))
        }
        return (AppBench.median(walls), (childCPUSeconds() - cpuBefore) / Double(runs))
    }

    /// Starts `arguments` with the pseudo-terminal as its standard input, output and error, and waits.
    private static func spawnAndWait(_ arguments: [String], terminal: PseudoTerminal, extra: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in 0...2 { posix_spawn_file_actions_adddup2(&actions, terminal.follower, Int32(target)) }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LINES"] = "24"
        environment["COLUMNS"] = "80"
        environment["HOME"] = FileManager.default.temporaryDirectory.path
        let pairs = environment.map { "\($0.key)=\($0.value)" } + extra
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = pairs.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw LaunchBenchError("could not start \(arguments[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw LaunchBenchError("\(arguments.joined(separator: " ")) exited with \(status)") }
    }

    private static func childCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// An 80×24 pseudo-terminal whose output is read and dropped on a background thread.
private final class PseudoTerminal: @unchecked Sendable {
    let leader: Int32
    let follower: Int32

    init() throws {
        // /dev/ptmx with the two ioctls behind unlockpt(3) and ptsname(3), which Swift's Glibc module
        // does not import (TIOCSPTLCK = 0x40045431, TIOCGPTN = 0x80045430 on Linux).
        leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard leader >= 0, ioctl(leader, 0x4004_5431, &unlock) == 0, ioctl(leader, 0x8004_5430, &number) == 0 else {
            throw LaunchBenchError("no pseudo-terminal available")
        }
        follower = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard follower >= 0 else { throw LaunchBenchError("could not open /dev/pts/\(number)") }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(follower, UInt(TIOCSWINSZ), &size)
        let leader = self.leader
        Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while buffer.withUnsafeMutableBytes({ read(leader, $0.baseAddress, $0.count) }) > 0 {}
        }.start()
    }

    func close() {
        Glibc.close(follower)
        Glibc.close(leader)
    }
}

/// The launch benchmark could not run.
struct LaunchBenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
