import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against httpbin: open, navigate, send, read the JSON tree, cancel a
/// slow request, switch environment, save and check the file on disk, quit.
@Suite("ferry in tmux", .serialized)
struct TmuxWorkbenchTests {
    @Test func theCoreLoopWorksOnARealTerminal() throws {
        guard let httpbin = try TestServers.httpbinURL(), TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(
            requests: """
                ### Get
                # @name get
                GET {{host}}/get?q=ferry
                Accept: application/json

                ### Slow
                # @name slow
                GET {{host}}/delay/5

                """,
            environments: ["local": httpbin, "unreachable": "http://127.0.0.1:1"])
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 30,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }

        // Open: the tree has focus, the first request is open, the first environment is active.
        try session.waitFor("requests.http#get")
        try session.waitFor(" local ")
        try session.waitFor("GET  get")

        // Send and read the JSON tree.
        try session.send("C-r")
        try session.waitFor(" 200  OK")
        try session.waitFor("args: {")
        try session.waitFor("q: \"ferry\"")

        // Navigate to the slow request, send it, cancel it with Esc.
        try session.send("j")
        try session.send("Enter")
        try session.waitFor("requests.http#slow")
        try session.send("C-r")
        try session.waitFor("Sending")
        try session.send("Escape")
        try session.waitFor("Canceled", timeout: .seconds(3))

        // Switch environment: the status bar and the resolved URL follow.
        try session.send("C-e")
        try session.waitFor(" unreachable ")
        try session.waitFor("→ http://127.0.0.1:1/delay/5")

        // Edit the URL and save: the file on disk changes.
        try session.send("End")
        try session.send("?x=1", literal: true)
        try session.waitFor("● unsaved")
        try session.send("C-s")
        try session.waitFor("Saved requests.http")
        #expect(try folder.read("requests.http").contains("GET {{host}}/delay/5?x=1\n"))

        // Quit.
        try session.send("C-q")
        try session.waitUntil("ferry to exit", timeout: .seconds(5)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
        #expect(try folder.read(".ferry/state.json").contains("unreachable"))
    }
}
