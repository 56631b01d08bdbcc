import FerryTestSupport
import Foundation
import Testing

/// `ferry run` of `WEBSOCKET` requests, the real binary against the `websockets` echo server: the
/// conversation runs its script, the handler checks the messages with `response.body.onEachMessage`, and the
/// tests decide the verdict.
@Suite struct RunWebSocketCommandTests {
    @Test func handlersCheckTheMessagesAndTestsDecide() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "chat.http": """
                ### echo
                < {% request.variables.set("who", "ana"); %}
                WEBSOCKET {{host}}/echo

                {"hello": "{{who}}"}
                === wait-for-server
                second
                === wait-for-server

                > {%
                  // Live, as JetBrains runs it: the callback sees each message as it arrives and answers one.
                  const seen = [];
                  response.body.onEachMessage((message, unsubscribe, output) => {
                    seen.push(message);
                    if (message === "second") output("third, from the handler");
                    if (seen.length === 3) unsubscribe();
                  }, () => {
                    client.log("finished after " + seen.length);
                    client.test("the echoes came back, the handler's too", () => {
                      client.assert(seen.length === 3, "saw " + seen.length);
                      client.assert(JSON.parse(seen[0]).hello === "ana", seen[0]);
                      client.assert(seen[2] === "third, from the handler", seen[2]);
                    });
                  });
                  client.test("the status is 101", () => client.assert(response.status === 101));
                %}

                ### stops early
                WEBSOCKET {{host}}/echo

                one
                === wait-for-server
                two
                === wait-for-server

                > {%
                  let count = 0;
                  response.body.onEachMessage((message, unsubscribe) => { count += 1; unsubscribe(); }, () => {
                    client.test("unsubscribe stops the messages", () => client.assert(count === 1, "count " + count));
                    client.test("wrong on purpose", () => client.assert(count === 2, "count is " + count));
                  });
                %}

                """
            ])
        let output = try await fixture.run(["chat.http", "--env", "test"])
        #expect(output.status == 1, "\(output.text)\n\(output.standardError)")
        #expect(output.text.contains("PASS chat.http#echo  101"), "\(output.text)")
        #expect(output.text.contains("FAIL chat.http#stops early  101"), "\(output.text)")
        #expect(output.text.contains("count is 1"), "\(output.text)")
        #expect(output.text.contains("1 passed, 1 failed"), "\(output.text)")
        // The conversation is in the history, as any send.
        let history = try String(
            contentsOf: fixture.url.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8)
        let lines = history.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains(#""method":"WEBSOCKET""#) }, "\(history)")
        #expect(history.contains(#"{\"hello\": \"ana\"}"#), "\(history)")
        // What the handler sent is part of the conversation.
        #expect(history.contains("→") && history.contains("third, from the handler"), "\(history)")
    }

    @Test func aRefusedConnectionIsATransportError() async throws {
        let port = try LoopbackPort.refusing()
        let fixture = try RunCommandTests.Fixture(
            base: "ws://127.0.0.1:\(port)", files: ["a.http": "### a\nWEBSOCKET {{host}}/\n\nhello\n"])
        let output = try await fixture.run(["a.http", "--env", "test"])
        #expect(output.status == 3, "\(output.text)")
        #expect(output.text.contains("a.http#a"), "\(output.text)")
        #expect(output.text.contains("Connection refused"), "\(output.text)")
    }
}
