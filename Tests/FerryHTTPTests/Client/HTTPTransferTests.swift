import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// One send as a stream of events: attempts and retries (streamed bodies included, until a body byte was
/// delivered), the head, chunks as they arrive, and one end that keeps what arrived, in the request's body
/// destination.
@Suite struct HTTPTransferTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(
            transport: CurlTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    /// Every event of `transfer`, in order.
    private func events(of transfer: HTTPTransfer) async -> [HTTPTransferEvent] {
        var all: [HTTPTransferEvent] = []
        for await event in transfer.events { all.append(event) }
        return all
    }

    private func ending(_ events: [HTTPTransferEvent]) -> TransferEnd? {
        guard case .ended(let end) = events.last else { return nil }
        return end
    }

    private func body(_ end: TransferEnd?) -> [UInt8] {
        guard let end, case .memory(let bytes) = end.body.storage else { return [] }
        return bytes
    }

    @Test func aStreamedSendIsRetriedOnARetryableStatusBeforeAnyBodyByte() async throws {
        let attempts = Counter()
        server.route("/flaky") { _ in
            attempts.next() < 2
                ? TestResponse(status: 503, body: Data("busy".utf8)) : TestResponse.text("finally")
        }
        var request = HTTPRequest(path: "/flaky")
        request.retryPolicy = RetryPolicy(maximumRetries: 3, initialDelay: .milliseconds(10))
        let all = await events(of: client.transfer(request))
        let started = all.compactMap { event -> Int? in
            if case .attemptStarted(let attempt, of: 4) = event { attempt } else { nil }
        }
        #expect(started == [1, 2, 3])
        let waits = all.compactMap { event -> String? in
            if case .retryWaiting(_, _, _, let after) = event { after } else { nil }
        }
        #expect(waits == ["HTTP 503", "HTTP 503"])
        // The 503 bodies never reach the reader: only the final response's chunks do.
        let chunks = all.compactMap { event -> Data? in if case .bodyChunk(let data) = event { data } else { nil } }
        #expect(String(decoding: chunks.reduce(Data(), +), as: UTF8.self) == "finally")
        let end = try #require(ending(all))
        #expect(end.isComplete && end.attempts == 3)
        #expect(end.response?.status == 200)
        #expect(end.response?.timing != nil)
        #expect(String(decoding: body(end), as: UTF8.self) == "finally")
    }

    @Test func aResetBeforeTheFirstBodyByteIsRetriedButNotOneAfter() async throws {
        let early = Counter()
        server.route("/reset-early") { _ in
            early.next() == 0 ? TestResponse.text("x").aborted(.resetImmediately) : TestResponse.text("second")
        }
        var request = HTTPRequest(path: "/reset-early")
        request.retryPolicy = RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(10))
        let first = try #require(ending(await events(of: client.transfer(request))))
        #expect(first.isComplete && first.attempts == 2)
        #expect(String(decoding: body(first), as: UTF8.self) == "second")

        let late = Counter()
        let payload = Data(repeating: UInt8(ascii: "a"), count: 200_000)
        server.route("/reset-late") { _ in
            _ = late.next()
            return TestResponse(body: payload).aborted(.resetAfter(bodyBytes: 50_000))
        }
        request = HTTPRequest(path: "/reset-late")
        request.retryPolicy = RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(10))
        let second = try #require(ending(await events(of: client.transfer(request))))
        // Bytes were delivered: the send ends with them and the error, and is not sent again.
        #expect(second.error != nil)
        #expect(second.attempts == 1)
        #expect(late.next() == 1)
        #expect(second.response?.status == 200)
        #expect(second.body.isComplete == false)
        #expect(body(second).count > 0 && body(second).count <= 50_000)
    }

    @Test func cancelEndsTheStreamWithTheHeadAndTheBytesThatArrived() async throws {
        server.route("/slow") { _ in
            // 50 s in all: the cancel comes long before, however slowly this test runs.
            TestResponse(body: Data(repeating: UInt8(ascii: "z"), count: 100_000)).dripping(
                1000, every: .milliseconds(500))
        }
        let transfer = client.transfer(HTTPRequest(path: "/slow"))
        var all: [HTTPTransferEvent] = []
        for await event in transfer.events {
            all.append(event)
            if case .bodyChunk = event { transfer.cancel() }
        }
        let end = try #require(ending(all))
        #expect(end.error?.isCanceled == true)
        #expect(end.response?.status == 200)
        #expect(body(end).count >= 1000 && body(end).count < 100_000)
    }

    @Test func aSpillingDestinationKeepsALargeBodyInATemporaryFile() async throws {
        let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251 + 1) })
        server.route("/big") { _ in TestResponse(headers: [("Content-Type", "text/plain")], body: payload) }
        let folder = try TemporaryFolder()
        var request = HTTPRequest(path: "/big")
        request.responseBody = .spilling(memoryLimit: 100_000, folder: folder.url)
        let end = try #require(ending(await events(of: client.transfer(request))))
        guard case .file(let file) = end.body.storage else {
            Issue.record("the body stayed in memory")
            return
        }
        #expect(file.size == payload.count)
        #expect(file.read(offset: 0, count: payload.count) == [UInt8](payload))
        // Unlinked at once: nothing is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)

        // The same destination through the one-shot API puts the file in the response.
        let response = try await client.send(request)
        #expect(response.body.isEmpty)
        #expect(response.spilledBody?.size == payload.count)

        // A small text body stays in memory.
        server.route("/small") { _ in TestResponse.text("tiny") }
        request = HTTPRequest(path: "/small")
        request.responseBody = .spilling(memoryLimit: 100_000, folder: folder.url)
        #expect(try await client.send(request).body == Data("tiny".utf8))
    }

    @Test func aMemoryDestinationRefusesABodyPastItsLimit() async throws {
        server.route("/too-big") { _ in TestResponse(body: Data(count: 10_000)) }
        var request = HTTPRequest(path: "/too-big")
        request.responseBody = .memory(limit: 1000)
        let end = try #require(ending(await events(of: client.transfer(request))))
        #expect(end.error?.reason == .bodyTooLarge(limit: 1000))
    }
}
