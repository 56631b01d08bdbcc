import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// One attempt driver under both ways to send: the task API (`send`, `task(for:)`, `stream`) and the event
/// stream (`transfer`) retry the same outcomes, honour `Retry-After` and interceptors' retries alike, stop
/// waiting on cancel, and never send again once a body byte reached a reader.
@Suite(.timeLimit(.minutes(2))) struct AttemptDriverTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
    }

    private func client(_ interceptors: [any HTTPInterceptor] = []) -> HTTPClient {
        HTTPClient(
            transport: CurlTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!),
            interceptors: interceptors)
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

    private func waits(_ events: [HTTPTransferEvent]) -> [(delay: Duration, after: String)] {
        events.compactMap { event in
            if case .retryWaiting(_, _, let delay, let after) = event { (delay, after) } else { nil }
        }
    }

    private func started(_ events: [HTTPTransferEvent]) -> [Int] {
        events.compactMap { event in if case .attemptStarted(let attempt, _) = event { attempt } else { nil } }
    }

    private func text(_ end: TransferEnd?) -> String {
        guard let end, case .memory(let bytes) = end.body.storage else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func requests(to path: String) -> Int { server.requests.filter { $0.target == path }.count }

    @Test func aServiceUnavailableThenOKIsRetriedByBoth() async throws {
        let count = Counter()
        server.route("/flaky") { _ in count.next() % 2 == 0 ? .text("busy", status: 503) : .text("fine") }
        var request = HTTPRequest(path: "/flaky")
        request.retryPolicy = RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(10))

        let response = try await client().send(request)
        #expect(response.status == 200 && response.text == "fine")
        #expect(requests(to: "/flaky") == 2)

        let all = await events(of: client().transfer(request))
        let end = try #require(ending(all))
        #expect(end.isComplete && end.attempts == 2 && text(end) == "fine")
        #expect(started(all) == [1, 2])
        #expect(waits(all).map(\.after) == ["HTTP 503"])
        #expect(requests(to: "/flaky") == 4)
    }

    @Test func retryAfterSetsTheWaitForBoth() async throws {
        let clock = ContinuousClock()
        let arrivals = Recorder<ContinuousClock.Instant>()
        let count = Counter()
        server.route("/later") { _ in
            arrivals.append(clock.now)
            return count.next() % 2 == 0 ? .unavailable(retryAfter: 1) : .text("now")
        }
        var request = HTTPRequest(path: "/later")
        // Without Retry-After the wait would be 10 ms.
        request.retryPolicy = RetryPolicy(maximumRetries: 1, initialDelay: .milliseconds(10), maximumDelay: .seconds(5))

        #expect(try await client().send(request).text == "now")
        let all = await events(of: client().transfer(request))
        #expect(ending(all)?.isComplete == true && text(ending(all)) == "now")
        #expect(waits(all).map(\.delay) == [.seconds(1)])

        let times = arrivals.values
        try #require(times.count == 4)
        // The retry of each went out after the server's second, not the policy's 10 ms.
        #expect(times[1] - times[0] >= .milliseconds(950))
        #expect(times[3] - times[2] >= .milliseconds(950))
    }

    @Test func anInterceptorsRetryIsHonouredByBothAndEachAttemptIsAdaptedAnew() async throws {
        server.route("/login") { request in
            let attempt = request.headers.first { $0.name == "X-Attempt" }?.value
            return attempt == "1" ? .text("denied", status: 401) : .text("welcome")
        }
        for send in [SendKind.task, .stream] {
            let stamper = AttemptStamper()
            let client = client([stamper, RetryOnceOnUnauthorized()])
            let request = HTTPRequest(path: "/login")
            switch send {
            case .task:
                #expect(try await client.send(request).text == "welcome")
            case .stream:
                let all = await events(of: client.transfer(request))
                let end = try #require(ending(all))
                #expect(end.isComplete && end.attempts == 2 && text(end) == "welcome")
                #expect(waits(all).map(\.after) == ["HTTP 401"])
                // The 401's body never reached the reader.
                #expect(!all.contains { if case .bodyChunk(Data("denied".utf8)) = $0 { true } else { false } })
            }
            #expect(stamper.count == 2, "\(send): adapted once per attempt")
        }
        #expect(server.requests.map { $0.headers.first { $0.name == "X-Attempt" }?.value } == ["1", "2", "1", "2"])
    }

    @Test func cancelDuringTheWaitEndsBothAsCanceledWithoutAnotherAttempt() async throws {
        // A 600 s wait before each retry: only a cancel that ends the wait lets the stream end in time.
        server.route("/wait") { _ in .unavailable(retryAfter: 600) }
        var request = HTTPRequest(path: "/wait")
        request.retryPolicy = RetryPolicy(maximumRetries: 3, maximumDelay: .seconds(900))

        let task = client().task(for: request)
        #expect(await waitUntil { requests(to: "/wait") >= 1 })
        task.cancel()
        #expect(await task.result.failureReason == .canceled)

        let transfer = client().transfer(request)
        var all: [HTTPTransferEvent] = []
        for await event in transfer.events {
            all.append(event)
            if case .retryWaiting = event { transfer.cancel() }
        }
        let end = try #require(ending(all))
        #expect(end.error?.isCanceled == true && end.attempts == 1)
        #expect(waits(all).map(\.delay) == [.seconds(600)])
        #expect(requests(to: "/wait") == 2, "one attempt each")
    }

    @Test func aFailureAfterABodyByteReachedAReaderIsNotRetried() async throws {
        let payload = Data(repeating: UInt8(ascii: "a"), count: 200_000)
        server.route("/cut") { _ in TestResponse(body: payload).aborted(.resetAfter(bodyBytes: 50_000)) }
        var request = HTTPRequest(path: "/cut")
        request.retryPolicy = RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(10))

        // The task API keeps the whole body itself: nothing reached a reader, so it tries all three times.
        #expect(await failureReason { _ = try await client().send(request) } != nil)
        #expect(requests(to: "/cut") == 3)

        // Streamed through `stream`, the first chunk went to the reader: one attempt.
        let streamed = try await client().stream(request)
        var read = 0
        let failure = await failureReason { for try await chunk in streamed.body { read += chunk.count } }
        #expect(failure != nil && read > 0)
        #expect(requests(to: "/cut") == 4)

        // And through `transfer`.
        let end = try #require(ending(await events(of: client().transfer(request))))
        #expect(end.error != nil && end.attempts == 1 && end.body.count > 0)
        #expect(requests(to: "/cut") == 5)
    }

    @Test func aFileThatCannotBeCreatedFailsBeforeAnyAttemptEvenForAnEmptyBody() async throws {
        server.route("/empty") { _ in TestResponse(status: 204, body: Data()) }
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("no-such-folder/body.bin")
        var request = HTTPRequest(path: "/empty")
        request.responseBody = .file(missing)
        request.retryPolicy = RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(10))

        let all = await events(of: client().transfer(request))
        #expect(all.count == 1, "no attempt started: \(all)")
        let end = try #require(ending(all))
        #expect(end.error?.reason == .fileFailed("cannot create \(missing.path)"))
        #expect(end.attempts == 0)

        #expect(
            await failureReason { _ = try await client().send(request) } == .fileFailed("cannot create \(missing.path)")
        )
        #expect(requests(to: "/empty") == 0)
    }
}

/// The two ways to send.
private enum SendKind { case task, stream }

/// Stamps each attempt with its number in `X-Attempt`.
private final class AttemptStamper: HTTPInterceptor, @unchecked Sendable {
    private let lock = NSLock()
    private var attempts = 0

    var count: Int { lock.withLock { attempts } }

    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        var request = request
        let number = lock.withLock {
            attempts += 1
            return attempts
        }
        request.headers["X-Attempt"] = "\(number)"
        return request
    }
}

/// Asks for one more attempt after the first 401.
private struct RetryOnceOnUnauthorized: HTTPInterceptor {
    func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int) async
        -> InterceptorDecision
    {
        if attempt == 0, case .success(let response) = result, response.status == 401 {
            return .retry(after: .milliseconds(10))
        }
        return .proceed(result)
    }
}
