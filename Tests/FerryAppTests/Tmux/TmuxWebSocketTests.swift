import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against the `websockets` echo server: Ctrl-R on a `WEBSOCKET` request runs
/// its script and shows the conversation, with the handler's live answer; Esc ends it keeping what arrived.
@Suite("ferry in tmux: WebSocket conversations", .serialized)
struct TmuxWebSocketTests {
    @Test func scriptRunsAndEscEndsTheConversation() async throws {
        guard TmuxSession.isAvailable, let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        // The handler answers the first echo while the conversation is open.
        let handler = """
            > {%
              response.body.onEachMessage((message, unsubscribe, output) => {
                if (message === "ping one") output("pong from the handler");
              });
            %}
            """
        let folder = try TemporaryWorkspace(
            requests:
                "### chat\nWEBSOCKET {{host}}/echo\n\nping one\n=== wait-for-server\n{\"n\": 2}\n=== wait-for-server\n\n"
                + handler + "\n",
            environments: ["local": server.baseURL])
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 40,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try await session.waitFor("requests.http#chat")
        try await session.send("C-r")
        try await session.waitForScreen(
            showing: ["open: 6 messages", "→ out", "← in", "ping one", "\"n\": 2", "pong from the handler"], hiding: [])
        try await session.send("Escape")
        try await session.waitForScreen(showing: ["WebSocket ended (Esc): 6 messages", "ping one"], hiding: ["open:"])
    }
}
