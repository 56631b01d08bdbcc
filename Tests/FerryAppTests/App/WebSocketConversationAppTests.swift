import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// On the real loop against the `websockets` echo server: sending a `WEBSOCKET` request runs its script and
/// the Body tab shows the conversation (direction, time, control characters escaped, JSON pretty-printed);
/// `m` sends a typed message with its variables resolved, `X` closes with the code typed, Esc ends it
/// keeping what arrived. Skips when the venv with `websockets` is missing (see `TestServers`).
@Suite("A WebSocket conversation in the workbench", .serialized)
struct WebSocketConversationAppTests {
    static let script = """
        ### Chat
        # @name chat
        WEBSOCKET {{host}}/echo

        bell\u{7}here
        === wait-for-server
        {"greeting": "hi", "n": 1}
        === wait-for-server

        """

    @Test func scriptTypedMessageAndCloseWithACode() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryWorkspace(requests: Self.script, environments: ["local": server.baseURL])
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        let scripted = try await app.moment("the script's four messages") {
            ($0.state.currentExchange?.conversation?.count ?? 0) >= 4
        }
        let conversation = try #require(scripted.state.currentExchange?.conversation)
        #expect(conversation.status == .open)
        #expect(conversation.entries.map(\.isIncoming) == [false, true, false, true])
        #expect(conversation.entries[1].message == .text("bell\u{7}here"))
        #expect(scripted.screen.contains("← in"), "\(scripted.screen)")
        #expect(scripted.screen.contains("→ out"), "\(scripted.screen)")
        // The server's control character is escaped, the JSON is pretty-printed.
        #expect(scripted.screen.contains(SafeText.sanitized("bell\u{7}here")), "\(scripted.screen)")
        #expect(!scripted.screen.contains("\u{7}"))
        #expect(scripted.screen.contains("\"greeting\": \"hi\","), "\(scripted.screen)")

        for _ in 0..<3 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        try await app.press(.character("m"))
        #expect(
            app.state.overlay.map { if case .namePrompt(.webSocketMessage, _) = $0 { true } else { false } } == true)
        try await app.type("typed at {{host}}")
        try await app.press(.key(.enter))
        try await app.waitFor("the typed message's echo") {
            app.state.currentExchange?.conversation?.entries.last?.message == .text("typed at \(server.baseURL)")
                && app.state.currentExchange?.conversation?.entries.last?.isIncoming == true
        }

        try await app.press(.character("X"))
        try await app.press(.key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace))
        try await app.type("4001")
        try await app.press(.key(.enter))
        try await app.waitFor("the closing handshake") {
            if case .closed = app.state.currentExchange?.conversation?.status { return true }
            return false
        }
        // The echo server answers the close with the client's code.
        #expect(app.state.currentExchange?.conversation?.status == .closed(WebSocketClose(code: 4001)))
        #expect(app.state.currentExchange?.response?.status == 101)
        #expect(app.shows("WebSocket closed (4001)"), "\(app.screen)")
        #expect(app.state.currentExchange?.conversation?.count == 6)
        // The conversation is in the history as any send, the typed message in its transcript.
        let history = try String(contentsOf: folder.url.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8)
        #expect(history.contains(#""method":"WEBSOCKET""#), "\(history)")
        #expect(history.contains("typed at \(server.baseURL)"), "\(history)")
        try await app.quit()
    }

    @Test func escEndsTheConversationKeepingWhatArrived() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryWorkspace(requests: Self.script, environments: ["local": server.baseURL])
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        try await app.waitFor("the script's four messages") {
            (app.state.currentExchange?.conversation?.count ?? 0) >= 4
        }
        try await app.press(.key(.escape))
        try await app.waitFor("the conversation to end") {
            app.state.currentExchange?.conversation?.status == .canceled
        }
        #expect(app.state.currentExchange?.conversation?.count == 4)
        #expect(app.shows("WebSocket ended (Esc): 4 messages"), "\(app.screen)")
        #expect(app.shows("Canceled"), "\(app.screen)")
        // m on an ended conversation says why nothing happens.
        for _ in 0..<3 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        try await app.press(.character("m"))
        #expect(app.state.overlay == nil)
        #expect(app.shows("The WebSocket is not open."), "\(app.screen)")
        try await app.quit()
    }
    /// The handler runs while the conversation is open: it answers the script's message and a typed one
    /// with `output()` (shown as messages out), and its `onFinish` test reaches the Tests tab at the close.
    @Test func aHandlerAnswersWhileTheConversationIsOpen() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let requests = """
            ### Live
            WEBSOCKET {{host}}/echo

            hello
            === wait-for-server

            > {%
              let answered = 0;
              response.body.onEachMessage((message, unsubscribe, output) => {
                if (!message.startsWith("re: ")) { answered += 1; output("re: " + message); }
              }, () => client.test("answered both", () => client.assert(answered === 2, "answered " + answered)));
            %}

            """
        let folder = try TemporaryWorkspace(requests: requests, environments: ["local": server.baseURL])
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        let answered = try await app.moment("the handler's answer and its echo") {
            ($0.state.currentExchange?.conversation?.count ?? 0) >= 4
        }
        let entries = try #require(answered.state.currentExchange?.conversation?.entries)
        #expect(entries.map(\.isIncoming) == [false, true, false, true])
        #expect(entries[2].message == .text("re: hello"))
        #expect(answered.screen.contains("re: hello"), "\(answered.screen)")
        // The pane's head says the socket is open and counts what went and came.
        let count = answered.state.currentExchange?.conversation?.count ?? 0
        #expect(answered.screen.contains("Open "), "\(answered.screen)")
        #expect(answered.screen.contains("· \(count) messages"), "\(answered.screen)")

        for _ in 0..<3 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        try await app.press(.character("m"))
        try await app.type("typed")
        try await app.press(.key(.enter))
        try await app.waitFor("the answer to the typed message, echoed") {
            app.state.currentExchange?.conversation?.entries.last?.message == .text("re: typed")
                && app.state.currentExchange?.conversation?.entries.last?.isIncoming == true
        }
        try await app.press(.character("X"))
        try await app.press(.key(.enter))
        try await app.waitFor("the handler's test in the Tests tab") {
            app.state.currentExchange?.scriptOutcomes.flatMap(\.tests).map(\.passed) == [true]
        }
        #expect(app.shows("Tests: 1 passed, 0 failed"), "\(app.screen)")
        #expect(app.state.currentExchange?.conversation?.count == 8)
        try await app.quit()
    }
}
