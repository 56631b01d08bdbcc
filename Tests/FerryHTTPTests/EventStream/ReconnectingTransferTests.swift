import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// ``HTTPClient/transfer(_:bufferLimit:executor:)`` of a request that asks to reconnect
/// (``HTTPRequest/eventStream``): against sse-starlette on Hypercorn (`Tests/Peers/sse_peer.py`), which resumes
/// after the `Last-Event-ID` it is sent and answers 204 once every event went out, and against the loopback
/// test server for the limit and a cancel.
@Suite(.serialized) struct ReconnectingTransferTests {
    let transport = CurlTransport()

    /// What a transfer delivered: its events in order, the body as one text, the end.
    struct Seen {
        var reconnections: [(connection: Int, lastEventID: String)] = []
        var heads = 0
        var body = Data()
        var ends: [TransferEnd] = []
    }

    static func collect(_ transfer: HTTPTransfer, onChunk: @Sendable (Data) -> Void = { _ in }) async -> Seen {
        var seen = Seen()
        for await event in transfer.events {
            switch event {
            case .reconnected(let connection, let lastEventID): seen.reconnections.append((connection, lastEventID))
            case .head: seen.heads += 1
            case .bodyChunk(let chunk):
                seen.body.append(chunk)
                onChunk(chunk)
            case .ended(let end): seen.ends.append(end)
            case .attemptStarted, .retryWaiting, .progress: break
            }
        }
        return seen
    }

    static func events(in body: Data) throws -> [ServerSentEvent] {
        var parser = EventStreamParser()
        return try parser.parse(body)
    }

    @Test func aStreamThatEndsIsResumedAfterTheLastEventIDUntilThePeerSays204() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        // Three events per connection, seven in all; the peer's `retry: 20` replaces the hour's default wait.
        var request = HTTPRequest(url: URL(string: peer.baseURL + "/events?count=7&per=3&retry=20")!)
        request.eventStream = EventStreamOptions(reconnects: true, reconnectionTime: .seconds(3600))
        let seen = await Self.collect(HTTPClient(transport: transport).transfer(request))
        #expect(seen.heads == 1)
        // Connection 4, asked after id 7, is the 204 that ends the stream.
        #expect(seen.reconnections.map(\.connection) == [2, 3])
        #expect(seen.reconnections.map(\.lastEventID) == ["3", "6"])
        let events = try Self.events(in: seen.body)
        #expect(events.map(\.lastEventID) == (1...7).map(String.init))
        #expect(events.map(\.data) == (1...7).map { "{\"n\": \($0)}" })
        // One end, complete, with the whole body of every connection.
        let end = try #require(seen.ends.first)
        #expect(seen.ends.count == 1)
        #expect(end.isComplete, "\(end.error?.message ?? "")")
        #expect(end.body.prefix(end.body.count) == Array(seen.body))
    }

    @Test func withoutReconnectionTheStreamEndsWithItsFirstConnection() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        let request = HTTPRequest(url: URL(string: peer.baseURL + "/events?count=7&per=3&retry=20")!)
        let seen = await Self.collect(HTTPClient(transport: transport).transfer(request))
        #expect(seen.reconnections.isEmpty)
        #expect(try Self.events(in: seen.body).map(\.lastEventID) == ["1", "2", "3"])
        #expect(seen.ends.count == 1 && seen.ends.first?.isComplete == true)
    }

    @Test func reconnectionsThatBringNoEventStopAtTheLimit() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        // Each connection sets a 10 ms reconnection time and ends without an event.
        server.route(
            "/quiet",
            responding: TestResponse(
                headers: [("Content-Type", "text/event-stream")], body: Data("retry: 10\n: nothing\n\n".utf8)))
        var request = HTTPRequest(url: URL(string: server.baseURL + "/quiet")!)
        request.eventStream = EventStreamOptions(
            reconnects: true, maximumReconnections: 2, reconnectionTime: .seconds(3600))
        let seen = await Self.collect(HTTPClient(transport: transport).transfer(request))
        #expect(seen.reconnections.map(\.connection) == [2, 3])
        #expect(server.requests.count == 3)
        #expect(server.requests.allSatisfy { $0.header("Last-Event-ID") == nil })
        #expect(seen.ends.count == 1 && seen.ends.first?.isComplete == true)
    }

    @Test func aReconnectionAnsweredWithAnotherStatusEndsTheStreamWithThatError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/once") { request in
            request.header("Last-Event-ID") == "1"
                ? TestResponse(status: 503, body: Data("down".utf8))
                : TestResponse(
                    headers: [("Content-Type", "text/event-stream")], body: Data("retry: 10\nid: 1\ndata: a\n\n".utf8))
        }
        var request = HTTPRequest(url: URL(string: server.baseURL + "/once")!)
        request.eventStream = EventStreamOptions(reconnects: true)
        let seen = await Self.collect(HTTPClient(transport: transport).transfer(request))
        #expect(server.requests.count == 2)
        let end = try #require(seen.ends.first)
        guard case .failedStatus(let code, _, _) = end.error?.reason else {
            Issue.record("expected a failed status, got \(String(describing: end.error))")
            return
        }
        #expect(code == 503)
        // What arrived before stays, with the first connection's head.
        #expect(end.response?.status == 200)
        #expect(String(decoding: end.body.prefix(100), as: UTF8.self) == "retry: 10\nid: 1\ndata: a\n\n")
    }

    @Test func cancelEndsAStreamWaitingToReconnect() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        // An hour before the reconnection: the cancel finds the transfer waiting (or reading the end).
        server.route(
            "/slow",
            responding: TestResponse(
                headers: [("Content-Type", "text/event-stream")], body: Data("retry: 3600000\nid: 1\ndata: a\n\n".utf8))
        )
        var request = HTTPRequest(url: URL(string: server.baseURL + "/slow")!)
        request.eventStream = EventStreamOptions(reconnects: true)
        let transfer = HTTPClient(transport: transport).transfer(request)
        let seen = await Self.collect(transfer) { _ in transfer.cancel() }
        let end = try #require(seen.ends.first)
        #expect(seen.ends.count == 1)
        #expect(end.error?.isCanceled == true)
        #expect(server.requests.count == 1)
        #expect(String(decoding: end.body.prefix(100), as: UTF8.self).contains("data: a"))
    }
}
