import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The client's idempotency-aware retries against the loopback server, and the policy's decisions.
@Suite struct RetryPolicyTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    /// A route answering `failures` times with 503, then 200.
    private func flaky(_ path: String, failures: Int) {
        let count = Counter()
        server.route(path) { _ in count.next() < failures ? .unavailable(retryAfter: 0) : .text("finally") }
    }

    private func request(_ method: HTTPMethod, _ path: String, retries: Int) -> HTTPRequest {
        var request = HTTPRequest(method, path: path)
        request.retryPolicy = RetryPolicy(maximumRetries: retries, initialDelay: .milliseconds(5))
        return request
    }

    @Test func anIdempotentRequestIsRetriedUntilItSucceeds() async throws {
        flaky("/flaky", failures: 2)
        let response = try await client.send(request(.get, "/flaky", retries: 2))
        #expect(response.status == 200)
        #expect(response.text == "finally")
        #expect(server.requests.count == 3)
    }

    @Test func retriesStopAtTheLimitWithTheLastResponse() async throws {
        flaky("/down", failures: 10)
        let response = try await client.send(request(.put, "/down", retries: 1))
        #expect(response.status == 503)
        #expect(server.requests.count == 2)
        let none = try await client.send(HTTPRequest(path: "/down"))
        #expect(none.status == 503)
        #expect(server.requests.count == 3, "no policy: one attempt")
    }

    @Test func aPostIsNotRetriedOnceTheServerHadIt() async throws {
        flaky("/create", failures: 1)
        let response = try await client.send(request(.post, "/create", retries: 3))
        #expect(response.status == 503)
        #expect(server.requests.count == 1)
        var reset = request(.post, "/reset", retries: 3)
        reset.body = .data(Data("x".utf8), contentType: "text/plain")
        var abort = TestResponse.text("partial body that never arrives")
        abort.abort = .resetAfter(bodyBytes: 3)
        server.route("/reset", responding: abort)
        await #expect(throws: HTTPClientError.self) { try await client.send(reset) }
        #expect(server.requests.count == 2, "a reset POST is not sent twice")
        await #expect(throws: HTTPClientError.self) { try await client.send(request(.get, "/reset", retries: 2)) }
        #expect(server.requests.count == 5, "a reset GET is")
    }

    @Test func aRefusedConnectionIsRetriedForAnyMethod() async throws {
        var post = HTTPRequest(.post, url: URL(string: "http://127.0.0.1:\(try closedPort())/x")!)
        post.retryPolicy = RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(20))
        let started = ContinuousClock.now
        let reason = await failureReason { _ = try await client.send(post) }
        guard case .connectionRefused? = reason else {
            Issue.record("expected a refused connection, got \(String(describing: reason))")
            return
        }
        #expect(ContinuousClock.now - started >= .milliseconds(60), "waited 20 ms then 40 ms between attempts")
    }

    @Test func cancelingDuringTheWaitEndsTheTaskAsCanceledAtOnce() async throws {
        server.route("/later", responding: TestResponse(status: 503))  // no Retry-After: the 600 s backoff applies
        var slow = HTTPRequest(path: "/later")
        slow.retryPolicy = RetryPolicy(maximumRetries: 3, initialDelay: .seconds(600), maximumDelay: .seconds(600))
        let task = client.task(for: slow)
        #expect(await waitUntil { !server.requests.isEmpty })
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - started < .seconds(300), "not after the 600 s wait")
        guard case .failure(let error) = result else {
            Issue.record("a canceled task succeeded")
            return
        }
        #expect(error.isCanceled)
        #expect(server.requests.count == 1)
    }

    @Test func thePolicyWaitsLongerEachTimeAndHonoursRetryAfter() throws {
        let policy = RetryPolicy(maximumRetries: 5, initialDelay: .milliseconds(100), maximumDelay: .seconds(1))
        let url = URL(string: "http://x/")!
        let busy = HTTPResponse(status: 503, url: url)
        let waits = [1, 3, 5, 6].map { policy.delay(beforeRetry: $0, method: .get, response: busy) }
        #expect(waits == [.milliseconds(100), .milliseconds(400), .seconds(1), nil])
        let later = HTTPResponse(status: 429, headers: ["Retry-After": "7"], url: url)
        #expect(policy.delay(beforeRetry: 1, method: .get, response: later) == .seconds(1))
        #expect(policy.delay(beforeRetry: 1, method: .get, response: HTTPResponse(status: 404, url: url)) == nil)
        #expect(policy.delay(beforeRetry: 1, method: .post, response: busy) == nil)
        #expect(policy.delay(beforeRetry: 1, method: .get, failure: .tlsFailure("bad certificate")) == nil)
        #expect(policy.delay(beforeRetry: 1, method: .get, failure: .canceled) == nil)
        #expect(policy.delay(beforeRetry: 1, method: .get, failure: .timedOut(.waitingForResponse)) != nil)
        #expect(policy.delay(beforeRetry: 1, method: .patch, failure: .timedOut(.waitingForResponse)) == nil)
        #expect(policy.delay(beforeRetry: 1, method: .patch, failure: .timedOut(.connecting)) != nil)
        #expect(RetryPolicy.none.delay(beforeRetry: 1, method: .get, response: busy) == nil)
        #expect(HTTPMethod(rawValue: "delete").isIdempotent && !HTTPMethod(rawValue: "PURGE").isIdempotent)
    }
}
