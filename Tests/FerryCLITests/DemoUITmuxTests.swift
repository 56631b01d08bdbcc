import FerryTestSupport
import Foundation
import Testing

/// A detached tmux server of its own (private socket) running one command in a 100×30 pane.
final class DemoUISession {
    let socket = "ferry-test-\(getpid())-\(UUID().uuidString.prefix(8))"

    /// The server's configuration: the pane stays after the program exits, so the restored screen and the
    /// exit status can be read.
    let configuration: URL

    /// Starts `command` in a new pane; `{status}` in it is replaced by the path of `statusFile`.
    init(command: String, width: Int = 100, height: Int = 30) async throws {
        configuration = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
        try Data("set-option -g remain-on-exit on\n".utf8).write(to: configuration)
        let expanded = command.replacingOccurrences(of: "{status}", with: statusFile.path)
        try await tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", expanded])
    }

    deinit {
        _ = try? TmuxSession.run(["-L", socket, "-f", configuration.path, "kill-server"])
        try? FileManager.default.removeItem(at: configuration)
        try? FileManager.default.removeItem(at: statusFile)
    }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Runs `tmux -L socket ARGUMENTS` (through the shared spawner in FerryTestSupport, which waits for tmux
    /// without blocking a thread) and returns its output.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        try await TmuxSession.run(["-L", socket, "-f", configuration.path] + arguments).output
    }

    /// The pane's text.
    func screen() async throws -> String { try await tmux(["capture-pane", "-p"]) }

    /// Sends tmux key names (`Down`, `Tab`, `q`).
    func send(_ keys: String...) async throws { try await tmux(["send-keys"] + keys) }

    /// Polls the screen until `condition` holds for one whole capture or 20 seconds pass (recording an issue
    /// with the last capture); returns the last capture. Check what a test needs on that capture or in
    /// `condition`, not on a later one: a capture can catch a frame half drawn.
    @discardableResult
    func waitForScreen(
        _ description: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) async throws -> String {
        let (held, last) = try await pollScreen(capture: { try await screen() }, until: condition)
        if !held {
            Issue.record("timed out waiting for \(description); screen:\n\(last)", sourceLocation: sourceLocation)
        }
        return last
    }

    /// The file the pane's shell writes the program's exit status to (see `DemoUITmuxTests.command`).
    var statusFile: URL { FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).status") }

    /// Polls until the pane's program has exited and returns its exit status, or `nil` after 20 seconds.
    ///
    /// The status comes from the pane's shell (`…; echo $? > statusFile`), not from tmux's
    /// `pane_dead_status`: under the test runner tmux sometimes never reaped the program.
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int32? {
        var status: Int32?
        let exited = await eventually(timeout: .seconds(20), every: .milliseconds(20)) {
            guard let text = try? String(contentsOf: statusFile, encoding: .utf8), text.hasSuffix("\n") else {
                return false
            }
            status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            return status != nil
        }
        if !exited {
            Issue.record("the program did not exit; screen:\n\(try await screen())", sourceLocation: sourceLocation)
        }
        return status
    }

    /// Polls until the pane has left the alternate screen and no longer shows the demo's `Requests` pane, or
    /// records an issue with the last capture after 20 seconds. The pane's shell records the exit status as
    /// soon as the program ends, which can be before tmux has read the program's last bytes (the restore).
    func expectRestoredTerminal(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        var alternate = true
        let (restored, last) = try await pollScreen(capture: {
            alternate = try await isAlternateScreenOn()
            return try await screen()
        }) { !alternate && !$0.contains("Requests") }
        if !restored {
            Issue.record(
                "the terminal was not restored (alternate screen \(alternate ? "on" : "off")); screen:\n\(last)",
                sourceLocation: sourceLocation)
        }
    }

    /// Whether the pane shows the alternate screen.
    func isAlternateScreenOn() async throws -> Bool {
        try await tmux(["display-message", "-p", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            == "1"
    }

    /// The process id of the program the pane's shell started, or `nil` when none appears in 20 seconds.
    func programProcessID() async throws -> pid_t? {
        let shell = try await tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        var pid: pid_t?
        await eventually(timeout: .seconds(20), every: .milliseconds(20)) {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            pid = children.split(separator: " ").first.flatMap { pid_t($0) }
            return pid != nil
        }
        return pid
    }
}

/// Column widths for checking captured rows (CJK and emoji take two).
enum CharacterWidthProbe {
    static func columns(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let wide =
                (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
                || (0x1F300...0x1FAFF).contains(scalar.value)
            return total + (wide ? 2 : 1)
        }
    }
}

@Suite(.serialized) struct DemoUITmuxTests {
    /// The pane runs the demo, then records its exit status; the pane stays (see `DemoUISession.configuration`).
    var command: String {
        "SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 '\(FerryProcess.executableURL.path)' --demo-ui; echo $? > '{status}'"
    }

    @Test func keysMoveTheSelectionAndQRestoresTheTerminal() async throws {
        guard DemoUISession.isAvailable else { return }
        let session = try await DemoUISession(command: command)
        // The whole first frame on one capture (a capture can catch a frame half drawn), then its rows checked.
        let screen = try await session.waitForScreen("the demo's first frame") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return screen.contains("▶ GET     /users") && screen.contains("Row: 1 of 10") && rows.count >= 30
                && rows[1].hasPrefix("┏ Requests") && rows[29].contains("q Quit")
                && rows[9].contains("日本語 テキスト 😀 ✓")
        }
        #expect(try await session.isAlternateScreenOn())
        let first = screen.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(first.count >= 30, "\(screen)")
        #expect(first[1].hasPrefix("┏ Requests"))
        #expect(first[29].contains("q Quit"))
        #expect(first[9].contains("日本語 テキスト 😀 ✓"))

        try await session.send("Down", "Down")
        try await session.waitForScreen("two rows down") {
            $0.contains("▶ GET     /users/42") && $0.contains("Row: 3 of 10")
        }
        try await session.send("Up")
        try await session.waitForScreen("one row up") { $0.contains("▶ POST    /users") }
        try await session.send("End")
        try await session.waitForScreen("the last row") { $0.contains("Row: 10 of 10") }

        try await session.send("Tab")
        try await session.waitForScreen("focus on details") { $0.contains("╭ Requests") && $0.contains("┏ Details") }

        try await session.send("M-x")
        try await session.waitForScreen("Alt-x") { $0.contains("Last event: key Alt+x") }
        try await session.send("F5")
        try await session.waitForScreen("F5") { $0.contains("Last event: key F5") }
        try await session.send("BTab")
        try await session.waitForScreen("Shift-Tab") { $0.contains("Last event: key Shift+Tab") }
        try await session.send("Escape")
        try await session.waitForScreen("Esc") { $0.contains("Last event: key Esc") }

        try await session.tmux(["set-buffer", "pasted\u{1B}[31m text"])
        try await session.tmux(["paste-buffer", "-p"])
        try await session.waitForScreen("the paste, escape made visible") {
            $0.contains("Pasted: pasted\\x1b[31m text")
        }

        try await session.send("q")
        #expect(try await session.waitForExit() == 0)
        try await session.expectRestoredTerminal()
    }

    @Test func resizingRelaysTheScreenOut() async throws {
        guard DemoUISession.isAvailable else { return }
        let session = try await DemoUISession(command: command)
        try await session.waitForScreen("the demo") { $0.contains("Row: 1 of 10") }
        try await session.tmux(["resize-window", "-x", "80", "-y", "24"])
        // The panes end on row 23 and the status bar is row 24, at 80 columns.
        let resized = try await session.waitForScreen("the 80×24 layout") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return screen.contains("Last event: resized to 80x24") && rows.count >= 24 && rows[22].hasPrefix("┗━")
                && rows[22].hasSuffix("╯") && rows[23].contains("q Quit")
        }
        #expect(resized.split(separator: "\n").allSatisfy { CharacterWidthProbe.columns($0) <= 80 })
        try await session.send("q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func aCrashStillRestoresTheTerminal() async throws {
        guard DemoUISession.isAvailable else { return }
        let session = try await DemoUISession(
            command:
                "SWIFT_BACKTRACE=enable=no LANG=C.UTF-8 '\(FerryProcess.executableURL.path)' --demo-ui --crash-on-bang; echo $? > '{status}'"
        )
        try await session.waitForScreen("the demo") { $0.contains("Row: 1 of 10") }
        try await session.send("!")
        let status = try #require(try await session.waitForExit())
        #expect(status > 128, "killed by a crash signal, status \(status)")
        try await session.expectRestoredTerminal()
    }

    @Test(arguments: [("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT)])
    func terminationSignalsRestoreTheTerminal(name: String, signalNumber: Int32) async throws {
        guard DemoUISession.isAvailable else { return }
        let session = try await DemoUISession(command: command)
        try await session.waitForScreen("the demo") { $0.contains("Row: 1 of 10") }
        let pid = try #require(try await session.programProcessID())
        #expect(kill(pid, signalNumber) == 0)
        #expect(try await session.waitForExit() == 128 + signalNumber, "SIG\(name)")
        try await session.expectRestoredTerminal()
    }
}
