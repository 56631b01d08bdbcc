import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against a loopback server whose event stream does not end: the events
/// show as they arrive, and Esc ends the stream keeping what arrived.
@Suite("ferry in tmux: event streams", .serialized)
struct TmuxEventStreamTests {
    @Test func eventsArriveLiveAndEscEndsTheStream() async throws {
        guard TmuxSession.isAvailable else { return }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let events = (1...5000).map { "event: tick\nid: \($0)\ndata: {\"count\": \($0)}\n\n" }.joined()
        server.route(
            "/events",
            responding: TestResponse(
                headers: [("Content-Type", "text/event-stream")], body: Data(events.utf8), framing: .closeDelimited
            ).dripping(40, every: .milliseconds(50)))
        let folder = try TemporaryWorkspace(
            requests: "### events\nGET {{host}}/events\n", environments: ["local": server.baseURL])
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 40,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try await session.waitFor("requests.http#events")
        try await session.send("C-r")
        try await session.waitForScreen(showing: ["Event stream:", "tick  id 3", "\"count\": 3"], hiding: [])
        try await session.send("Escape")
        try await session.waitForScreen(showing: ["Canceled", "event: tick"], hiding: ["Event stream:"])
    }
}
