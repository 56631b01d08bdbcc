import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against httpbin: open, navigate, send, read the JSON tree, cancel a
/// slow request, switch environment, save and check the file on disk, quit.
@Suite("ferry in tmux", .serialized)
struct TmuxWorkbenchTests {
    @Test func theCoreLoopWorksOnARealTerminal() async throws {
        guard let httpbin = try TestServers.httpbinURL(), TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(
            requests: """
                ### Get
                # @name get
                GET {{host}}/get?q=ferry
                Accept: application/json

                ### Slow
                # @name slow
                GET {{host}}/delay/10

                """,
            environments: ["local": httpbin, "unreachable": "http://127.0.0.1:1"])
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 30,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }

        // Open: the tree has focus, the first request is open, the first environment is active.
        try await session.waitFor("requests.http#get")
        try await session.waitFor(" local ")
        try await session.waitFor("GET  get")

        // Send and read the JSON tree.
        try await session.send("C-r")
        try await session.waitFor(" 200  OK")
        try await session.waitFor("args: {")
        try await session.waitFor("q: \"ferry\"")

        // Navigate to the slow request, send it, cancel it with Esc (httpbin's longest delay, 10 s: on a loaded
        // machine the Esc must still find it in flight).
        try await session.send("j")
        try await session.send("Enter")
        try await session.waitFor("requests.http#slow")
        try await session.send("C-r")
        try await session.waitFor("Sending")
        try await session.send("Escape")
        try await session.waitFor("Canceled", timeout: .seconds(90))

        // Switch environment: the status bar and the resolved URL follow.
        try await session.send("C-e")
        try await session.waitFor(" unreachable ")
        try await session.waitFor("→ http://127.0.0.1:1/delay/10")

        // Edit the URL and save: the file on disk changes.
        try await session.send("End")
        try await session.send("?x=1", literal: true)
        try await session.waitFor("● unsaved")
        try await session.send("C-s")
        try await session.waitFor("Saved requests.http")
        #expect(try folder.read("requests.http").contains("GET {{host}}/delay/10?x=1\n"))

        // Quit.
        try await session.send("C-q")
        try await session.waitUntil("ferry to exit", timeout: .seconds(90)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
        #expect(try folder.read(".ferry/state.json").contains("unreachable"))
    }
}
