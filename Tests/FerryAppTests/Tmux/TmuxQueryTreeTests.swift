import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux: a `/` query's results are a foldable tree (→ unfolds a result's member), and
/// the query line recalls the session's queries with ↑.
@Suite("ferry in tmux: a query's results as a tree", .serialized)
struct TmuxQueryTreeTests {
    @Test func theResultsFoldAndTheQueryLineRecallsTheLastQuery() async throws {
        guard TmuxSession.isAvailable else { return }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/json", responding: .json(#"{"user": {"name": "ada", "langs": ["swift", "c"]}, "count": 2}"#))
        let folder = try TemporaryFolder(prefix: "ferry-tmux-query")
        try folder.write("http-client.env.json", #"{ "dev": { "host": "\#(server.baseURL)" } }"#)
        try folder.write("api.http", "### json\n# @name json\nGET {{host}}/json\n")
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 120, height: 32,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        try await session.send("C-r")
        try await TmuxWorkbench.waitFor(session, "langs: [")
        try await session.send("Tab")
        try await session.send("Tab")
        try await session.send("/")
        try await session.send(".user", literal: true)
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "1 match for .user")
        try await TmuxWorkbench.waitFor(session, "▸ langs: […]  2 items")
        try await session.send("Down")
        try await session.send("Down")
        try await session.send("Right")
        try await TmuxWorkbench.waitFor(session, "▾ langs: [  2 items")
        try await TmuxWorkbench.waitFor(session, #"0: "swift""#)
        try await session.send("Escape")
        try await TmuxWorkbench.waitFor(session, "Filter cleared.")
        try await session.send("/")
        try await session.send("Up")
        try await TmuxWorkbench.waitFor(session, "/.user")
        // Enter runs the recalled query again (an Esc right before Ctrl-Q would read as Alt).
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "1 match for .user")
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }
}
