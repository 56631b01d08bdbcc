import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// A send awaited for its end alone (``HTTPClient/transferEnd(of:onRetry:)``): the same attempts, retries and
/// body destinations as a transfer's events, in one end, and a cancel of the awaiting task ends it at once.
@Suite struct TransferEndTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(
            transport: CurlTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    private func body(_ end: TransferEnd) -> [UInt8] {
        guard case .memory(let bytes) = end.body.storage else { return [] }
        return bytes
    }

    @Test func theEndComesWithTheBodyTheAttemptsAndEachWaitBeforeARetry() async throws {
        let attempts = Counter()
        server.route("/flaky") { _ in
            attempts.next() < 2
                ? TestResponse(status: 503, body: Data("busy".utf8)) : TestResponse.text("finally")
        }
        var request = HTTPRequest(path: "/flaky")
        request.retryPolicy = RetryPolicy(maximumRetries: 3, initialDelay: .milliseconds(10))
        let waits = Locked<[String]>([])
        let end = await client.transferEnd(of: request) { event in
            if case .retryWaiting(_, of: 4, _, let after) = event { waits.withLock { $0.append(after) } }
        }
        #expect(waits.withLock { $0 } == ["HTTP 503", "HTTP 503"])
        #expect(end.isComplete && end.attempts == 3)
        #expect(end.response?.status == 200)
        #expect(end.response?.timing != nil)
        // The body is the end's, as a transfer's events give it: not in the response too.
        #expect(end.response?.body.isEmpty == true)
        #expect(String(decoding: body(end), as: UTF8.self) == "finally")
        #expect(end.body.count == 7 && end.body.isComplete && !end.body.isBinary)
    }

    @Test func aSpillingDestinationKeepsABinaryBodyInATemporaryFileAndSmallTextInMemory() async throws {
        let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        server.route("/big") { _ in
            TestResponse(headers: [("Content-Type", "application/octet-stream")], body: payload)
        }
        server.route("/small") { _ in TestResponse.text("tiny") }
        let folder = try TemporaryFolder()
        var request = HTTPRequest(path: "/big")
        request.responseBody = .spilling(memoryLimit: 100_000, folder: folder.url)
        let end = await client.transferEnd(of: request)
        guard case .file(let file) = end.body.storage else {
            Issue.record("the body stayed in memory")
            return
        }
        #expect(end.body.isBinary && end.body.count == payload.count)
        #expect(file.read(offset: 0, count: payload.count) == [UInt8](payload))
        #expect(end.response?.spilledBody == nil)

        request = HTTPRequest(path: "/small")
        request.responseBody = .spilling(memoryLimit: 100_000, folder: folder.url)
        let small = await client.transferEnd(of: request)
        #expect(String(decoding: body(small), as: UTF8.self) == "tiny")
        #expect(!small.body.isBinary)
    }

    @Test func aMemoryDestinationRefusesABodyPastItsLimit() async throws {
        server.route("/too-big") { _ in TestResponse(body: Data(count: 10_000)) }
        var request = HTTPRequest(path: "/too-big")
        request.responseBody = .memory(limit: 1000)
        let end = await client.transferEnd(of: request)
        #expect(end.error?.reason == .bodyTooLarge(limit: 1000))
    }

    @Test func cancelingTheAwaitingTaskEndsTheSendAsCanceled() async throws {
        server.route("/slow") { _ in
            // 50 s in all: the cancel comes long before, however slowly this test runs.
            TestResponse(body: Data(repeating: UInt8(ascii: "z"), count: 100_000)).dripping(
                1000, every: .milliseconds(500))
        }
        let client = self.client
        let sending = Task { await client.transferEnd(of: HTTPRequest(path: "/slow")) }
        #expect(await eventually { server.requests.contains { $0.path == "/slow" } })
        sending.cancel()
        let end = await sending.value
        #expect(end.error?.isCanceled == true)
        // The transfer itself stopped: libcurl holds nothing for it any more.
        let transport = try #require(client.transport as? CurlTransport)
        #expect(await eventually { transport.activeTransferCount == 0 })
    }
}
