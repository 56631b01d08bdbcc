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
    init(command: String, width: Int = 100, height: Int = 30) throws {
        configuration = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
        try Data("set-option -g remain-on-exit on\n".utf8).write(to: configuration)
        let expanded = command.replacingOccurrences(of: "{status}", with: statusFile.path)
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", expanded])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: configuration)
        try? FileManager.default.removeItem(at: statusFile)
    }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Runs `tmux -L socket ARGUMENTS` (through the shared spawner in FerryTestSupport) and returns its output.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try TmuxSession.run(["-L", socket, "-f", configuration.path] + arguments).output
    }

    /// The pane's text.
    func screen() throws -> String { try tmux(["capture-pane", "-p"]) }

    /// Sends tmux key names (`Down`, `Tab`, `q`).
    func send(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

    /// Polls the screen until `condition` holds or 10 seconds pass; returns the last screen.
    @discardableResult
    func waitForScreen(
        _ description: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(20_000)
        }
        Issue.record("timed out waiting for \(description); screen:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    /// The file the pane's shell writes the program's exit status to (see `DemoUITmuxTests.command`).
    var statusFile: URL { FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).status") }

    /// Polls until the pane's program has exited and returns its exit status, or `nil` after 10 seconds.
    ///
    /// The status comes from the pane's shell (`…; echo $? > statusFile`), not from tmux's
    /// `pane_dead_status`: under the test runner tmux sometimes never reaped the program.
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int32? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8), text.hasSuffix("\n"),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            usleep(20_000)
        }
        Issue.record("the program did not exit; screen:\n\(try screen())", sourceLocation: sourceLocation)
        return nil
    }

    /// Whether the pane shows the alternate screen.
    func isAlternateScreenOn() throws -> Bool {
        try tmux(["display-message", "-p", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// The process id of the program the pane's shell started.
    func programProcessID() throws -> pid_t? {
        let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            if let first = children.split(separator: " ").first, let pid = pid_t(first) { return pid }
            usleep(20_000)
        }
        return nil
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

    @Test func keysMoveTheSelectionAndQRestoresTheTerminal() throws {
        guard DemoUISession.isAvailable else { return }
        let session = try DemoUISession(command: command)
        try session.waitForScreen("the demo") { $0.contains("▶ GET     /users") && $0.contains("Row: 1 of 10") }
        #expect(try session.isAlternateScreenOn())
        let first = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(first.count >= 30)
        #expect(first[1].hasPrefix("┏ Requests"))
        #expect(first[29].contains("q Quit"))
        #expect(first[9].contains("日本語 テキスト 😀 ✓"))

        try session.send("Down", "Down")
        try session.waitForScreen("two rows down") { $0.contains("▶ GET     /users/42") && $0.contains("Row: 3 of 10") }
        try session.send("Up")
        try session.waitForScreen("one row up") { $0.contains("▶ POST    /users") }
        try session.send("End")
        try session.waitForScreen("the last row") { $0.contains("Row: 10 of 10") }

        try session.send("Tab")
        try session.waitForScreen("focus on details") { $0.contains("╭ Requests") && $0.contains("┏ Details") }

        try session.send("M-x")
        try session.waitForScreen("Alt-x") { $0.contains("Last event: key Alt+x") }
        try session.send("F5")
        try session.waitForScreen("F5") { $0.contains("Last event: key F5") }
        try session.send("BTab")
        try session.waitForScreen("Shift-Tab") { $0.contains("Last event: key Shift+Tab") }
        try session.send("Escape")
        try session.waitForScreen("Esc") { $0.contains("Last event: key Esc") }

        try session.tmux(["set-buffer", "pasted\u{1B}[31m text"])
        try session.tmux(["paste-buffer", "-p"])
        try session.waitForScreen("the paste, escape made visible") { $0.contains("Pasted: pasted\\x1b[31m text") }

        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try !session.screen().contains("Requests"))
        #expect(try !session.isAlternateScreenOn())
    }

    @Test func resizingRelaysTheScreenOut() throws {
        guard DemoUISession.isAvailable else { return }
        let session = try DemoUISession(command: command)
        try session.waitForScreen("the demo") { $0.contains("Row: 1 of 10") }
        try session.tmux(["resize-window", "-x", "80", "-y", "24"])
        // The panes end on row 23 and the status bar is row 24, at 80 columns.
        let resized = try session.waitForScreen("the 80×24 layout") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return screen.contains("Last event: resized to 80x24") && rows.count >= 24 && rows[22].hasPrefix("┗━")
                && rows[22].hasSuffix("╯") && rows[23].contains("q Quit")
        }
        #expect(resized.split(separator: "\n").allSatisfy { CharacterWidthProbe.columns($0) <= 80 })
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aCrashStillRestoresTheTerminal() throws {
        guard DemoUISession.isAvailable else { return }
        let session = try DemoUISession(
            command:
                "SWIFT_BACKTRACE=enable=no LANG=C.UTF-8 '\(FerryProcess.executableURL.path)' --demo-ui --crash-on-bang; echo $? > '{status}'"
        )
        try session.waitForScreen("the demo") { $0.contains("Row: 1 of 10") }
        try session.send("!")
        let status = try #require(try session.waitForExit())
        #expect(status > 128, "killed by a crash signal, status \(status)")
        #expect(try !session.isAlternateScreenOn())
        #expect(try !session.screen().contains("Requests"))
    }

    @Test(arguments: [("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT)])
    func terminationSignalsRestoreTheTerminal(name: String, signalNumber: Int32) throws {
        guard DemoUISession.isAvailable else { return }
        let session = try DemoUISession(command: command)
        try session.waitForScreen("the demo") { $0.contains("Row: 1 of 10") }
        let pid = try #require(try session.programProcessID())
        #expect(kill(pid, signalNumber) == 0)
        #expect(try session.waitForExit() == 128 + signalNumber, "SIG\(name)")
        #expect(try !session.screen().contains("Requests"))
        #expect(try !session.isAlternateScreenOn())
    }
}
