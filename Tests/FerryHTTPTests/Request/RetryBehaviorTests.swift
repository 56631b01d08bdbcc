import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Retry behaviors beyond the idempotency-aware policy (the seeds' rules, combined, custom) and `Retry-After`
/// as an HTTP-date, against the loopback server.
@Suite struct RetryBehaviorTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    /// A route answering `failures` times with `failing`, then 200.
    private func flaky(_ path: String, failures: Int, with failing: TestResponse) {
        let count = Counter()
        server.route(path) { _ in count.next() < failures ? failing : .text("finally") }
    }

    @Test func aPostIsRetriedOnAStatusWhenAsked() async throws {
        flaky("/login", failures: 1, with: TestResponse(status: 401))
        var post = HTTPRequest(.post, path: "/login", body: .form(["user": "ada"]))
        post.retryBehavior = .onStatus([401], methods: [.post])
        #expect(try await client.send(post).status == 200)
        #expect(server.requests.count == 2 && server.requests.allSatisfy { $0.bodyText == "user=ada" })
        flaky("/get-only", failures: 1, with: TestResponse(status: 401))
        var put = HTTPRequest(.put, path: "/get-only")
        put.retryBehavior = .onStatus([401], methods: [.post])
        #expect(try await client.send(put).status == 401, "another method is not retried")
    }

    @Test func aNumberOfRetriesRepeatsAnyFailedRequest() async throws {
        flaky("/orders", failures: 2, with: TestResponse(status: 500))
        client.defaultRetryBehavior = .failures(count: 2)
        #expect(try await client.send(HTTPRequest(.post, path: "/orders")).status == 200)
        #expect(server.requests.count == 3)
        flaky("/always", failures: 10, with: TestResponse(status: 502))
        #expect(try await client.send(HTTPRequest(.post, path: "/always")).status == 502)
        #expect(server.requests.count == 6, "three attempts, then the last response")
        #expect(client.defaultRetryPolicy.maximumRetries == 2, "read as a policy of as many retries")
    }

    @Test func behaviorsCombineAndTheFirstThatAsksDecides() async throws {
        flaky("/mixed", failures: 2, with: .unavailable(retryAfter: 0))
        var request = HTTPRequest(.post, path: "/mixed")
        request.retryBehavior = .any([.policy(RetryPolicy(maximumRetries: 3)), .onStatus([503], maximumRetries: 2)])
        #expect(try await client.send(request).status == 200, "the POST's 503s fall to the second behavior")
        #expect(server.requests.count == 3)
        #expect(request.retryBehavior.maximumRetries == 3)
        #expect(request.retryBehavior == request.retryBehavior && request.retryBehavior != .any([]))
        #expect(RetryBehavior.policy(.none) == .none && RetryBehavior.none.policy == RetryPolicy.none)
    }

    /// A strategy of one's own: a `409` is sent once more, whatever the method.
    struct RetryConflictOnce: RetryStrategy {
        var maximumRetries: Int { 1 }
        func delay(
            beforeRetry retry: Int, of request: HTTPRequest, after outcome: Result<HTTPResponse, HTTPClientError>
        ) -> Duration? {
            guard retry == 1, case .success(let response) = outcome, response.status == 409 else { return nil }
            return .zero
        }
    }

    @Test func aCustomStrategyDecides() async throws {
        flaky("/conflict", failures: 1, with: TestResponse(status: 409))
        var request = HTTPRequest(.patch, path: "/conflict")
        request.retryBehavior = .custom(RetryConflictOnce())
        #expect(try await client.send(request).status == 200)
        #expect(server.requests.count == 2)
    }

    @Test func retryAfterAsAnHTTPDateIsHonoured() async throws {
        // A date in the past: no wait at all, where the policy's own back-off would be ten minutes.
        let past = TestResponse(status: 503, headers: [("Retry-After", "Sun, 06 Nov 1994 08:49:37 GMT")])
        flaky("/busy", failures: 1, with: past)
        var request = HTTPRequest(path: "/busy")
        request.retryPolicy = RetryPolicy(maximumRetries: 1, initialDelay: .seconds(600), maximumDelay: .seconds(600))
        let task = client.task(for: request)
        let retried = await waitUntil { server.requests.count == 2 }
        #expect(retried, "the HTTP-date in the past was read as no wait")
        // Canceled only when it is waiting the policy's ten minutes (a cancel after the retry was sent would
        // race its answer under load).
        guard retried else {
            task.cancel()
            return
        }
        #expect(try await task.value().status == 200)

        let policy = RetryPolicy(maximumRetries: 1, maximumDelay: .seconds(7200))
        let url = URL(string: "http://x/")!
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let inAnHour = formatter.string(from: Date().addingTimeInterval(3600))
        let later = HTTPResponse(status: 503, headers: ["Retry-After": inAnHour], url: url)
        let wait = try #require(policy.delay(beforeRetry: 1, method: .get, response: later))
        #expect(wait > .seconds(3500) && wait <= .seconds(3601))
        let obsolete = HTTPResponse(status: 503, headers: ["Retry-After": "Sunday, 06-Nov-94 08:49:37 GMT"], url: url)
        #expect(policy.delay(beforeRetry: 1, method: .get, response: obsolete) == .zero)
        let asctime = HTTPResponse(status: 503, headers: ["Retry-After": "Sun Nov  6 08:49:37 1994"], url: url)
        #expect(policy.delay(beforeRetry: 1, method: .get, response: asctime) == .zero)
    }
}
