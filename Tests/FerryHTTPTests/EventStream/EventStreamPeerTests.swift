import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// ``HTTPClient/events(for:options:)`` against a real server-sent events implementation: sse-starlette on
/// Hypercorn (`Tests/Peers/sse_peer.py`), which writes CRLF line ends. Skipped when the peer is not
/// installed, except under `make test`, where a missing peer fails.
@Suite(.serialized) struct EventStreamPeerTests {
    let transport = CurlTransport()

    func client(_ peer: SSEPeerServer) -> HTTPClient {
        HTTPClient(transport: transport, environment: Environment(baseURL: URL(string: peer.baseURL)!))
    }

    static func collect(_ sequence: ServerSentEvents) async throws(EventStreamError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for try await event in sequence { events.append(event) }
        return events
    }

    static func ticks(_ numbers: ClosedRange<Int>) -> [ServerSentEvent] {
        numbers.map { ServerSentEvent(type: "tick", data: "{\"n\": \($0)}", lastEventID: String($0)) }
    }

    @Test func eventsFromSSEStarlette() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        let events = try await Self.collect(client(peer).events(for: HTTPRequest(path: "/events?count=5&delay=5")))
        #expect(events == Self.ticks(1...5))
        let poem = try await Self.collect(client(peer).events(for: HTTPRequest(path: "/multiline")))
        #expect(poem == [ServerSentEvent(type: "poem", data: "one\ntwo\nthree")])
    }

    @Test func reconnectionResumesAfterTheLastEventID() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        // Three events per connection, seven in all: the peer resumes after the Last-Event-ID each time and
        // answers 204 once all were sent, which ends the sequence. Its `retry: 20` replaces the 600 s given here
        // (the bound is half of it, so a loaded machine cannot fail it).
        let options = EventStreamOptions(reconnects: true, reconnectionTime: .seconds(600))
        let started = ContinuousClock.now
        let events = try await Self.collect(
            client(peer).events(for: HTTPRequest(path: "/events?count=7&per=3&retry=20"), options: options))
        #expect(events == Self.ticks(1...7))
        #expect(ContinuousClock.now - started < .seconds(300))
    }

    @Test func aJSONResponseIsNotAnEventStream() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        do throws(EventStreamError) {
            _ = try await Self.collect(client(peer).events(for: HTTPRequest(path: "/plain")))
            Issue.record("a JSON response was read as events")
        } catch {
            guard case .transfer(let failure) = error,
                case .unexpectedContentType(let expected, let actual) = failure.reason
            else {
                Issue.record("expected a content type error, got \(error)")
                return
            }
            #expect(expected == "text/event-stream")
            #expect(actual?.hasPrefix("application/json") == true)
        }
    }
}
