import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// ``HTTPClient/events(for:options:)`` against the loopback fault-injecting server: events as they arrive,
/// reconnection with `Last-Event-ID` and the server's `retry:`, the ends (204, another type, another status),
/// and hostile streams (a 10 MB line, a server that never closes, a stream cut mid-event).
@Suite struct EventStreamLoopbackTests {
    let server: TestHTTPServer
    let transport = CurlTransport()
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    static func eventStream(_ text: String, framing: TestResponse.Framing = .chunked(chunkSize: 7)) -> TestResponse {
        TestResponse(
            headers: [("Content-Type", "text/event-stream; charset=utf-8")], body: Data(text.utf8), framing: framing)
    }

    /// Every event of `sequence`, and the error that ended it, if one did.
    static func collect(_ sequence: ServerSentEvents) async -> ([ServerSentEvent], EventStreamError?) {
        var events: [ServerSentEvent] = []
        do throws(EventStreamError) {
            for try await event in sequence { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    @Test func eventsArriveInOrderThroughSmallChunks() async throws {
        server.route(
            "/sse",
            responding: Self.eventStream(
                ": hi\r\nevent: greeting\r\ndata: hello\r\ndata: world\r\nid: 1\r\n\r\ndata: {\"n\": 2}\r\n\r\n"))
        let (events, error) = await Self.collect(client.events(for: HTTPRequest(path: "/sse")))
        #expect(error == nil)
        #expect(
            events == [
                ServerSentEvent(type: "greeting", data: "hello\nworld", lastEventID: "1"),
                ServerSentEvent(data: "{\"n\": 2}", lastEventID: "1"),
            ])
        #expect(server.requests.first?.header("Accept") == "text/event-stream")
        #expect(server.requests.first?.header("Cache-Control") == "no-cache")
    }

    @Test func eventsAreHandedOutBeforeTheStreamEnds() async throws {
        // The server sends the first event, then holds the rest until the test has read that event: it was
        // handed out while the body still had bytes to come, however late the test ran.
        let firstEvent = "data: first\n\n"
        let body = firstEvent + String(repeating: ": pad\n", count: 60) + "data: second\n\n"
        let gate = TestGate()
        defer { gate.open() }
        server.route(
            "/slow",
            responding: Self.eventStream(body, framing: .closeDelimited).dripping(13, every: .milliseconds(10))
                .held(until: gate, afterBodyBytes: firstEvent.utf8.count)
        )
        var iterator = client.events(for: HTTPRequest(path: "/slow")).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.data == "first")
        #expect(!gate.isOpen)
        #expect(server.responseBodyBytesWritten == firstEvent.utf8.count)
        gate.open()
        #expect(try await iterator.next()?.data == "second")
        #expect(try await iterator.next() == nil)
        #expect(server.responseBodyBytesWritten == body.utf8.count)
    }

    @Test func reconnectsWithLastEventIDAfterTheServersRetry() async throws {
        let count = Counter()
        server.route("/feed") { _ in
            switch count.next() {
            case 0:
                Self.eventStream("retry: 50\nid: 1\ndata: a\n\nid: 2\ndata: b\n\ndata: cut", framing: .contentLength())
            case 1: Self.eventStream("data: c\n\n", framing: .closeDelimited)
            default: TestResponse(status: 204)
            }
        }
        // An hour by default: the stream can only end (before the watchdog cancels it) if the server's retry
        // of 50 ms replaced it, however slowly the test's threads run.
        let options = EventStreamOptions(reconnects: true, reconnectionTime: .seconds(3600))
        let events = client.events(for: HTTPRequest(path: "/feed"), options: options)
        let reading = Task { await Self.collect(events) }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(120))
            reading.cancel()
        }
        let (collected, error) = await reading.value
        watchdog.cancel()
        #expect(error == nil, "the stream was still waiting to reconnect after 2 minutes")
        #expect(collected.map(\.data) == ["a", "b", "c"])
        #expect(collected.map(\.lastEventID) == ["1", "2", "2"])
        let requests = server.requests
        #expect(requests.count == 3)
        #expect(requests.first?.header("Last-Event-ID") == nil)
        #expect(requests.dropFirst().map { $0.header("Last-Event-ID") } == ["2", "2"])
    }

    @Test func withoutReconnectionTheStreamEndsWithTheConnection() async throws {
        server.route("/once", responding: Self.eventStream("data: a\n\ndata: half", framing: .closeDelimited))
        let (events, error) = await Self.collect(client.events(for: HTTPRequest(path: "/once")))
        #expect(error == nil)
        #expect(events == [ServerSentEvent(data: "a")])  // the half event is dropped
        #expect(server.requests.count == 1)
    }

    @Test func reconnectionGivesUpAfterItsLimit() async throws {
        server.route("/empty", responding: Self.eventStream(": nothing\n", framing: .contentLength()))
        let options = EventStreamOptions(reconnects: true, maximumReconnections: 3, reconnectionTime: .milliseconds(10))
        let (events, error) = await Self.collect(client.events(for: HTTPRequest(path: "/empty"), options: options))
        #expect(events.isEmpty)
        #expect(error == nil)
        #expect(server.requests.count == 4)
    }

    @Test func noContentStopsWithoutReconnecting() async throws {
        server.route("/done", responding: TestResponse(status: 204))
        let options = EventStreamOptions(reconnects: true, reconnectionTime: .milliseconds(10))
        let (events, error) = await Self.collect(client.events(for: HTTPRequest(path: "/done"), options: options))
        #expect(events.isEmpty && error == nil)
        #expect(server.requests.count == 1)
    }

    @Test func anotherTypeOrStatusFailsWithoutReconnecting() async throws {
        server.route("/json", responding: .json("{}"))
        server.route("/gone", responding: TestResponse(status: 410, headers: [("Content-Type", "text/event-stream")]))
        let options = EventStreamOptions(reconnects: true, reconnectionTime: .milliseconds(10))
        let (_, typeError) = await Self.collect(client.events(for: HTTPRequest(path: "/json"), options: options))
        guard case .transfer(let error) = typeError,
            case .unexpectedContentType(let expected, let actual) = error.reason
        else {
            Issue.record("expected a content type error, got \(String(describing: typeError))")
            return
        }
        #expect(expected == "text/event-stream" && actual == "application/json")
        let (_, statusError) = await Self.collect(client.events(for: HTTPRequest(path: "/gone"), options: options))
        guard case .transfer(let status) = statusError else {
            Issue.record("expected a status error, got \(String(describing: statusError))")
            return
        }
        #expect(status.statusCode == 410)
        #expect(server.requests.count == 2)
    }

    @Test(.offThePool) func aTenMegabyteLineEndsTheStreamWithAClearError() async throws {
        let line = "data: " + String(repeating: "x", count: 10 * 1024 * 1024)
        server.route(
            "/huge",
            responding: Self.eventStream("data: before\n\n" + line + "\n\n", framing: .chunked(chunkSize: 65536)))
        let (events, error) = await Self.collect(client.events(for: HTTPRequest(path: "/huge")))
        #expect(events == [ServerSentEvent(data: "before")])
        #expect(error == .eventTooLarge(limit: EventStreamParser.defaultMaximumEventBytes))
        #expect(error?.message.contains("1048576-byte limit") == true)
        // The request was canceled: the server's connection closes.
        #expect(await waitUntil { server.activeConnections == 0 })
    }

    @Test func aServerThatNeverClosesIsCanceledByTheTask() async throws {
        let body = String(repeating: "data: tick\n\n", count: 100_000)
        server.route(
            "/forever",
            responding: Self.eventStream(body, framing: .closeDelimited).dripping(12, every: .milliseconds(5)))
        let sequence = client.events(for: HTTPRequest(path: "/forever"))
        let seen = Locked(0)
        let reader = Task { () -> EventStreamError? in
            do throws(EventStreamError) {
                for try await _ in sequence { seen.withLock { $0 += 1 } }
                return nil
            } catch {
                return error
            }
        }
        #expect(await waitUntil { seen.withLock { $0 } >= 3 })
        reader.cancel()
        let error = await reader.value
        #expect(error?.isCanceled == true)
        #expect(await waitUntil { server.activeConnections == 0 })
    }

    @Test func droppingTheIteratorClosesTheConnection() async throws {
        let body = String(repeating: "data: tick\n\n", count: 100_000)
        server.route(
            "/forever",
            responding: Self.eventStream(body, framing: .closeDelimited).dripping(12, every: .milliseconds(5)))
        var seen = 0
        for try await _ in client.events(for: HTTPRequest(path: "/forever")) {
            seen += 1
            if seen == 3 { break }
        }
        #expect(seen == 3)
        #expect(await waitUntil { server.activeConnections == 0 })
    }

    @Test func aStreamResetMidEventThrowsAfterTheWholeEvents() async throws {
        let body = "id: 5\ndata: whole\n\ndata: cut here"
        server.route(
            "/reset",
            responding: Self.eventStream(body, framing: .closeDelimited).aborted(
                .resetAfter(bodyBytes: body.utf8.count)))
        let (events, error) = await Self.collect(client.events(for: HTTPRequest(path: "/reset")))
        #expect(events == [ServerSentEvent(data: "whole", lastEventID: "5")])
        guard case .transfer(let transfer) = error else {
            Issue.record("expected a transfer error, got \(String(describing: error))")
            return
        }
        #expect(!transfer.isCanceled)
    }

    @Test func aResetStreamReconnectsWhenAsked() async throws {
        let count = Counter()
        let body = "id: 5\ndata: whole\n\ndata: cut here"
        server.route("/flaky") { _ in
            switch count.next() {
            case 0: Self.eventStream(body, framing: .closeDelimited).aborted(.resetAfter(bodyBytes: body.utf8.count))
            case 1: Self.eventStream("data: again\n\n", framing: .contentLength())
            default: TestResponse(status: 204)
            }
        }
        let options = EventStreamOptions(reconnects: true, maximumReconnections: 1, reconnectionTime: .milliseconds(20))
        let (events, error) = await Self.collect(client.events(for: HTTPRequest(path: "/flaky"), options: options))
        #expect(events.map(\.data) == ["whole", "again"])
        #expect(error == nil)
        #expect(server.requests.dropFirst().map { $0.header("Last-Event-ID") } == ["5", "5"])
    }
}
