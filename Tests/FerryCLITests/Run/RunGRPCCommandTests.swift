import FerryTestSupport
import Foundation
import Testing

/// `ferry run` of `GRPC` requests, the real binary against the grpcio peer: handlers read the response message
/// as `response.body` (each stream message through `onEachLine`), a non-OK status fails the request, and every
/// call goes into the history.
@Suite struct RunGRPCCommandTests {
    @Test func handlersReadTheMessagesAndANonOKStatusFails() async throws {
        guard let server = try await GRPCPeerServer.start() else { return }
        defer { server.stop() }
        let fixture = try RunCommandTests.Fixture(
            base: server.authority,
            files: [
                "calls.http": """
                ### echo
                GRPC {{host}}/ferry.test.Echo/Echo

                {"name": "ana", "numbers": [1, 2, 3]}

                > {%
                  client.test("the message is the body", () => {
                    client.assert(response.body.name === "ana", JSON.stringify(response.body));
                    client.assert(response.body.numbers.length === 3, JSON.stringify(response.body));
                    client.assert(response.headers.valueOf("grpc-status") === "0", "status");
                  });
                %}

                ### count
                GRPC {{host}}/ferry.test.Streams/Count

                {"text": "tick", "count": 3}

                > {%
                  const seen = [];
                  response.body.onEachLine((line) => {
                    seen.push(typeof line === "string" ? JSON.parse(line) : line);
                  }, () => client.test("three messages, one line each", () => {
                    client.assert(seen.length === 3, "saw " + seen.length);
                    client.assert(seen[2].text === "tick 2", JSON.stringify(seen[2]));
                  }));
                %}

                ### fail
                GRPC {{host}}/ferry.test.Echo/Fail

                {"text": "nobody here", "count": 5}

                """
            ])
        let output = try await fixture.run(["calls.http", "--env", "test"])
        #expect(output.status == 1, "\(output.text)\n\(output.standardError)")
        #expect(output.text.contains("PASS calls.http#echo"), "\(output.text)")
        #expect(output.text.contains("PASS calls.http#count"), "\(output.text)")
        #expect(output.text.contains("FAIL calls.http#fail"), "\(output.text)")
        #expect(output.text.contains("NOT_FOUND: nobody here"), "\(output.text)")
        let history = try String(
            contentsOf: fixture.url.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8)
        let lines = history.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains(#""method":"GRPC""#) }, "\(history)")
        #expect(history.contains("tick 2"), "\(history)")
    }
}
