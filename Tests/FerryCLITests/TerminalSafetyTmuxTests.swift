import FerryTestSupport
import Foundation
import Testing

/// `ferry` on a real terminal (tmux) writing text that tries to drive it: `ferry send` against a server whose
/// headers and body hold an OSC 0 title, an OSC 52 clipboard write, a screen clear and a bare 8-bit CSI, and
/// the workbench's start-up error. Everything arrives on screen as visible escapes; the pane title, tmux's
/// paste buffers (OSC 52 creates one with `set-clipboard on`) and the text above stay as they were. Piped,
/// the same body comes out byte for byte.
@Suite(.serialized) struct TerminalSafetyTmuxTests {
    static let hostileBody =
        Data("body: \u{1B}]0;PWNED-BODY\u{07} \u{1B}]52;c;Ym9keQ==\u{07} \u{1B}[2J".utf8) + Data([0x9B])
        + Data("31m end-of-body\n".utf8)

    /// A server answering `/hostile` with terminal sequences in two headers and the body.
    static func hostileServer() throws -> TestHTTPServer {
        let server = try TestHTTPServer()
        server.route(
            "/hostile",
            responding: TestResponse(
                headers: [
                    ("Content-Type", "text/plain"), ("X-Title", "\u{1B}]0;PWNED-HEADER\u{07}"),
                    ("X-Clip", "\u{1B}]52;c;aGVhZA==\u{07}"),
                ], body: hostileBody))
        return server
    }

    /// A workspace whose request sends `header` (a public environment value, so `--verbose` shows it) and
    /// asks for `/hostile`.
    static func fixture(base: String, header: String) throws -> SendCommandTests.Fixture {
        try SendCommandTests.Fixture(
            base: base,
            files: [
                "hostile.http": "### hostile\n# @name hostile\nGET {{host}}/hostile\nX-Note: {{note}}\n",
                "http-client.env.json": #"{ "test": { "host": "\#(base)", "note": "\#(header)" } }"#,
            ])
    }

    /// Runs `ferry ARGUMENTS` in a tmux pane (after a line of its own on screen) with `set-clipboard on`
    /// and returns the screen once it has exited, with the pane title before and after and tmux's buffers.
    static func runInTmux(_ arguments: [String], in root: URL, environment: [String: String] = [:]) async throws -> (
        screen: String, titleBefore: String, titleAfter: String, buffers: String, status: Int32?
    ) {
        // The shell waits for a line before running ferry, so the options are set first.
        let script = "cd \"$1\" && shift && read -r _ && echo BEFORE-MARK && exec \"$@\""
        let session = try TmuxSession(
            command: ["sh", "-c", script, "sh", root.path, FerryProcess.executableURL.path] + arguments,
            width: 120, height: 40, environment: environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 })
        defer { session.kill() }
        func tmux(_ words: String...) async throws -> String {
            try await TmuxSession.run(["-L", session.name] + words).output
        }
        _ = try await tmux("set-option", "-g", "set-clipboard", "on")
        let titleBefore = try await tmux("display-message", "-p", "-t", session.name, "#{pane_title}")
        try await session.send("Enter")
        #expect(await eventually(timeout: .seconds(30)) { session.hasExited }, "ferry did not finish")
        let screen = try await session.screen()
        let titleAfter = try await tmux("display-message", "-p", "-t", session.name, "#{pane_title}")
        let buffers = try await tmux("list-buffers")
        return (screen, titleBefore, titleAfter, buffers, session.exitStatus)
    }

    @Test func hostileResponseAndRequestTextIsShownEscaped() async throws {
        guard TmuxSession.isAvailable else { return }
        let server = try Self.hostileServer()
        defer { server.stop() }
        // C1 controls and a bidi override as UTF-8: legal header text, unsafe on a terminal.
        let fixture = try Self.fixture(base: server.baseURL, header: #"\u009d0;C1-TITLE\u009c \u202eflipped"#)
        let run = try await Self.runInTmux(
            ["send", "hostile", "--env", "test", "-i", "--verbose"], in: fixture.root)
        #expect(run.status == 0, "\(run.screen)")
        #expect(run.titleAfter == run.titleBefore)
        #expect(run.buffers.isEmpty, "\(run.buffers)")
        #expect(run.screen.contains("BEFORE-MARK"), "the screen was cleared:\n\(run.screen)")
        #expect(run.screen.contains("> X-Note: \\x9d0;C1-TITLE\\x9c <U+202E>flipped"), "\(run.screen)")
        #expect(run.screen.contains("X-Title: \\x1b]0;PWNED-HEADER^G"), "\(run.screen)")
        #expect(run.screen.contains("X-Clip: \\x1b]52;c;aGVhZA==^G"), "\(run.screen)")
        #expect(
            run.screen.contains("body: \\x1b]0;PWNED-BODY^G \\x1b]52;c;Ym9keQ==^G \\x1b[2J\\x9b31m end-of-body"),
            "\(run.screen)")
    }

    @Test func escapeSequencesInARequestHeaderNeverReachTheTerminal() async throws {
        guard TmuxSession.isAvailable else { return }
        let server = try Self.hostileServer()
        defer { server.stop() }
        // Whether the request goes out (and --verbose shows the header) or is refused (and the error quotes
        // it), the terminal must not act on it.
        let fixture = try Self.fixture(
            base: server.baseURL, header: #"\u001b]0;PWNED-REQUEST\u0007\u001b]52;c;cmVx\u0007\u001b[2J"#)
        let run = try await Self.runInTmux(["send", "hostile", "--env", "test", "--verbose"], in: fixture.root)
        #expect(run.titleAfter == run.titleBefore)
        #expect(run.buffers.isEmpty, "\(run.buffers)")
        #expect(run.screen.contains("BEFORE-MARK"), "the screen was cleared:\n\(run.screen)")
    }

    @Test func theWorkbenchsStartUpErrorIsShownEscaped() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TemporaryFolder()
        // ncurses cannot start on this terminal type, and the error quotes it.
        let hostile = "\u{1B}]0;PWNED-TERM\u{07}\u{1B}]52;c;dGVybQ==\u{07}\u{1B}[2J"
        let run = try await Self.runInTmux([folder.url.path], in: folder.url, environment: ["TERM": hostile])
        #expect(run.status == 1, "\(run.screen)")
        #expect(run.titleAfter == run.titleBefore)
        #expect(run.buffers.isEmpty, "\(run.buffers)")
        #expect(run.screen.contains("BEFORE-MARK"), "the screen was cleared:\n\(run.screen)")
        #expect(run.screen.contains("TERM=\\x1b]0;PWNED-TERM^G\\x1b]52;c;dGVybQ==^G\\x1b[2J"), "\(run.screen)")
    }

    @Test func pipedOutputIsByteExact() async throws {
        let server = try Self.hostileServer()
        defer { server.stop() }
        let fixture = try Self.fixture(base: server.baseURL, header: "plain")
        let output = try await fixture.send(["hostile", "--env", "test"])
        #expect(output.status == 0)
        #expect(output.standardOutput == Self.hostileBody)
    }
}
