import FerryTestSupport
import Foundation
import Testing

/// `ferry send --reconnect --events`, as the real binary against sse-starlette on Hypercorn
/// (`Tests/Peers/sse_peer.py`): the stream ends after three events, the next connection sends the
/// `Last-Event-ID` it resumes after (the peer sends the events after it), and the send is one exchange in the
/// history.
@Suite(.serialized) struct SendReconnectTests {
    static let requests = "### ticks\n# @name ticks\nGET {{host}}/events?count=7&per=3&retry=20\n"

    static func ticks(_ numbers: ClosedRange<Int>) -> [String] {
        numbers.map { #"{"event":"tick","id":"\#($0)","data":"{\"n\": \#($0)}"}"# }
    }

    @Test func reconnectResumesAfterTheLastEventIDAndRecordsOneExchange() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        let fixture = try SendCommandTests.Fixture(base: peer.baseURL, files: ["a.http": Self.requests])
        let output = try await fixture.send(["a.http#ticks", "--env", "test", "--events", "--reconnect"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text.split(separator: "\n").map(String.init) == Self.ticks(1...7))
        #expect(
            output.standardError.contains(#"reconnected (connection 2) after event id "3""#), "\(output.standardError)")
        #expect(output.standardError.contains(#"reconnected (connection 3) after event id "6""#))
        let history = try fixture.history().split(separator: "\n")
        #expect(history.count == 1)
        // The history keeps the body of every connection.
        #expect(history.first?.contains("id: 7") == true, "\(history)")
    }

    @Test func withoutReconnectTheSendEndsWithTheFirstConnection() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        let fixture = try SendCommandTests.Fixture(base: peer.baseURL, files: ["a.http": Self.requests])
        let output = try await fixture.send(["a.http#ticks", "--env", "test", "--events"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text.split(separator: "\n").map(String.init) == Self.ticks(1...3))
        #expect(!output.standardError.contains("reconnected"))
    }

    @Test func theReconnectDirectiveAsksTheSame() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: peer.baseURL,
            files: ["a.http": Self.requests.replacingOccurrences(of: "# @name", with: "# @reconnect\n# @name")])
        let output = try await fixture.send(["a.http#ticks", "--env", "test", "--events"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text.split(separator: "\n").map(String.init) == Self.ticks(1...7))
    }

    @Test func aRunFollowsAReconnectingRequestToTheEndOfItsStream() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        // `ferry run` awaits its sends for their end alone; a request that reconnects still goes through the
        // transfer's events, connection after connection, and is one exchange in the history.
        let fixture = try RunCommandTests.Fixture(
            base: peer.baseURL,
            files: ["a.http": Self.requests.replacingOccurrences(of: "# @name", with: "# @reconnect\n# @name")])
        let output = try await fixture.run(["a.http", "--env", "test"])
        #expect(output.status == 0, "\(output.text)\(output.standardError)")
        #expect(output.text.hasPrefix("PASS a.http#ticks  200  "), "\(output.text)")
        let history = try String(
            contentsOf: fixture.url.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8
        )
        .split(separator: "\n")
        #expect(history.count == 1)
        #expect(history.first?.contains("id: 7") == true, "\(history)")
    }

    @Test func ctrlCEndsAStreamWaitingToReconnect() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        // The stream asks for an hour before the reconnection: only Ctrl-C ends the send.
        server.route(
            "/wait",
            responding: TestResponse(
                headers: [("Content-Type", "text/event-stream")],
                body: Data("retry: 3600000\nid: 1\ndata: one\n\n".utf8)))
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/wait\n"])
        let running = try FerryProcess.start(
            ["send", "a.http#1", "--env", "test", "--events", "--reconnect"], currentDirectory: fixture.root)
        await eventually(timeout: .seconds(60)) { server.requests.count >= 1 && server.responseBodyBytesWritten > 0 }
        running.interrupt()
        let output = await running.wait()
        #expect(output.status == 130, "\(output.standardError)")
        // The event is printed unless the interrupt came before the binary read it.
        #expect(output.text.isEmpty || output.text == #"{"event":"message","id":"1","data":"one"}"# + "\n")
        #expect(server.requests.count == 1)
    }
}
