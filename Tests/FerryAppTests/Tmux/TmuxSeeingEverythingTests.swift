import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against the loopback server: a long line cut with `…` then wrapped, the
/// response pane maximized and the tree hidden, and the progress bar of a slow transfer.
@Suite("ferry in tmux: seeing everything", .serialized)
final class TmuxSeeingEverythingTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
        let line = "start " + String(repeating: "0123456789", count: 20) + " TAILMARK"
        server.route("/long-line", responding: .text(line + "\nsecond\n"))
        server.route(
            "/drip",
            responding: TestResponse.text(String(repeating: "drip drop\n", count: 2000)).dripping(
                200, every: .milliseconds(100)))
    }

    deinit { server.stop() }

    @Test func wrapMaximizeAndTheProgressBarOnARealTerminal() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(
            requests: """
                ### Long line
                # @name long-line
                GET {{host}}/long-line

                ### Drip
                # @name drip
                GET {{host}}/drip

                """,
            environments: ["local": server.baseURL])
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 80, height: 24,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try await session.waitFor("requests.http#long-line")

        // A long line is cut with …; w wraps it and its end shows.
        try await session.send("C-r")
        try await session.waitFor(" 200  OK")
        let cut = try await session.waitFor("1 start 0123")
        #expect(!cut.contains("TAILMARK"))
        #expect(cut.split(separator: "\n").contains { $0.contains("1 start 0123") && $0.contains("…") }, "\(cut)")
        try await session.send("Tab")
        try await session.send("Tab")
        try await session.send("w")
        try await session.waitForScreen(showing: ["TAILMARK", "2 second", "Long lines wrap"])

        // Ctrl-O: the response takes the screen (the tree and the editor gone); again gives them back.
        try await session.send("C-o")
        try await session.waitForScreen(showing: ["Pane maximized"], hiding: ["Requests", "Params"])
        try await session.send("C-o")
        try await session.waitForScreen(showing: ["Requests", "Params"])
        // Ctrl-B hides the tree.
        try await session.send("C-b")
        try await session.waitForScreen(showing: ["Tree hidden", "Params"], hiding: ["Requests"])
        try await session.send("C-b")
        try await session.waitForScreen(showing: ["Requests"])

        // The slow body: a drawn bar with its percentage, the bytes below it; Esc cancels.
        try await session.send("BTab")
        try await session.send("BTab")
        try await session.send("j")
        try await session.send("Enter")
        try await session.waitFor("requests.http#drip")
        try await session.send("C-r")
        let bar = try await session.waitUntil("the progress bar") { $0.contains("█") && $0.contains("% ") }
        #expect(bar.contains("of 19.5 KB") && bar.contains("drip drop"), "\(bar)")
        try await session.send("Escape")
        try await session.waitFor("Canceled")
        try await session.send("C-q")
    }
}
