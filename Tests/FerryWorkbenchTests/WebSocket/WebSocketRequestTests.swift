import FerryHTTP
import FerryWorkbench
import Foundation
import Testing

/// `WEBSOCKET` requests in the `.http` dialect: the JetBrains message script (`===`,
/// `=== wait-for-server`), variables in the URL, headers and each message, and the errors with file:line.
@Suite struct WebSocketRequestTests {
    static let text = """
        ### chat
        WEBSOCKET ws://{{host}}/chat?room={{room}}
        Sec-WebSocket-Protocol: chat
        X-User: {{user}}

        {"hello": "{{user}}"}
        === wait-for-server
        === wait-for-server
        second
        line two
        ===
        third

        ### plain
        GET http://example.com/
        """

    @Test func scriptSplitsMessagesAndWaits() throws {
        let file = HTTPFileParser.parse(text: Self.text, path: "ws.http")
        #expect(file.diagnostics.isEmpty)
        let saved = try #require(file.requests.first)
        #expect(saved.isWebSocket)
        #expect(file.requests.last?.isWebSocket == false)
        #expect(
            saved.webSocketScript.steps == [
                .send(#"{"hello": "{{user}}"}"#), .waitForServer, .waitForServer, .send("second\nline two"),
                .send("third"),
            ])
        #expect(!saved.webSocketScript.endsWaiting)
        #expect(WebSocketScript(body: "a\n=== wait-for-server").endsWaiting)
        #expect(WebSocketScript(body: nil).steps.isEmpty)
    }

    @Test func variablesResolveInURLHeadersAndEachMessage() throws {
        let saved = try #require(HTTPFileParser.parse(text: Self.text, path: "ws.http").requests.first)
        let context = VariableContext(overrides: ["host": "127.0.0.1:9000", "room": "a b", "user": "ana"])
        let prepared = try saved.preparedWebSocket(with: context)
        #expect(prepared.request.url?.scheme == "ws")
        #expect(prepared.request.url?.host == "127.0.0.1")
        #expect(prepared.request.headers["X-User"] == "ana")
        #expect(prepared.request.headers["Sec-WebSocket-Protocol"] == "chat")
        #expect(prepared.script.messages == [#"{"hello": "ana"}"#, "second\nline two", "third"])
    }

    @Test func aVariableCannotAddASeparatorOrBreakAHeader() throws {
        let saved = try #require(HTTPFileParser.parse(text: Self.text, path: "ws.http").requests.first)
        let separator = VariableContext(overrides: ["host": "h", "room": "r", "user": "x\n===\ninjected"])
        #expect(throws: (any Error).self) { _ = try saved.preparedWebSocket(with: separator) }
        let other = "WEBSOCKET ws://h/\n\n{{message}}\n===\nb\n"
        let request = try #require(HTTPFileParser.parse(text: other, path: "m.http").requests.first)
        let prepared = try request.preparedWebSocket(with: VariableContext(overrides: ["message": "x\n===\ny"]))
        #expect(prepared.script.messages == ["x\n===\ny", "b"])
    }

    @Test func anHTTPURLIsAnErrorAtItsLine() throws {
        let text = "\n\nWEBSOCKET http://example.com/\n\nhi\n"
        let saved = try #require(HTTPFileParser.parse(text: text, path: "bad.http").requests.first)
        let error = #expect(throws: VariableError.self) { _ = try saved.preparedWebSocket(with: VariableContext()) }
        #expect(error?.description.contains("bad.http:3") == true)
    }
}
