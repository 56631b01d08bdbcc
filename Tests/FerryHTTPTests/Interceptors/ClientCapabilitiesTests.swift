import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Interceptors that change after a client is made, global ones, per-request additions and opt-outs, a
/// client-wide default retry policy and single mocked requests on a client over the real transport,
/// against the loopback server.
@Suite struct ClientCapabilitiesTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        server.route("/echo") { .json(String(decoding: $0.echoJSON, as: UTF8.self)) }
        client = HTTPClient(transport: CurlTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    /// Adds `name: value` to requests for `port` only, so that a global one leaves other tests' requests alone.
    struct Tag: HTTPInterceptor {
        let name: String
        let value: String
        let port: UInt16
        var interceptorID: InterceptorID?

        func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
            guard request.url?.port == Int(port) else { return request }
            var request = request
            request.headers.add(name, value)
            return request
        }
    }

    /// The values of header `name` of the last request the server received.
    private func lastValues(_ name: String) -> [String] {
        server.requests.last?.headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
            ?? []
    }

    @Test func interceptorsAddedAfterCreationApplyToLaterRequests() async throws {
        _ = try await client.send(HTTPRequest(path: "/echo"))
        #expect(lastValues("X-Tag").isEmpty)
        client.interceptors.append(Tag(name: "X-Tag", value: "client", port: server.port))
        _ = try await client.send(HTTPRequest(path: "/echo"))
        #expect(lastValues("X-Tag") == ["client"])
        client.interceptors = []
        _ = try await client.send(HTTPRequest(path: "/echo"))
        #expect(lastValues("X-Tag").isEmpty)
    }

    @Test func globalThenClientThenRequestInterceptorsRunInOrderAndExcludedOnesDoNot() async throws {
        let global = Tag(name: "X-Order", value: "global", port: server.port, interceptorID: "global-tag")
        HTTPClient.globalInterceptors.append(global)
        defer { HTTPClient.globalInterceptors.removeAll { $0.interceptorID == "global-tag" } }
        client.interceptors = [Tag(name: "X-Order", value: "client", port: server.port, interceptorID: "client-tag")]
        var request = HTTPRequest(path: "/echo")
        request.interceptors.added = [Tag(name: "X-Order", value: "request", port: server.port)]
        _ = try await client.send(request)
        #expect(lastValues("X-Order") == ["global", "client", "request"])
        request.interceptors.excluded = ["client-tag", "global-tag"]
        _ = try await client.send(request)
        #expect(lastValues("X-Order") == ["request"])
    }

    @Test func oneRequestGoesWithoutTheClientsAuth() async throws {
        let auth = BearerTokenAuth(token: "secret") { "secret" }
        client.interceptors = [auth]
        _ = try await client.send(HTTPRequest(path: "/echo"))
        #expect(lastValues("Authorization") == ["Bearer secret"])
        var anonymous = HTTPRequest(path: "/echo")
        anonymous.interceptors.excluded = [.auth]
        _ = try await client.send(anonymous)
        #expect(lastValues("Authorization").isEmpty)
    }

    @Test func aPerRequestValidatorFailsOnlyThatRequest() async throws {
        server.route("/teapot", responding: .text("short and stout", status: 418))
        _ = try await client.send(HTTPRequest(path: "/teapot"))
        var checked = HTTPRequest(path: "/teapot")
        checked.interceptors.added = [ResponseValidator.successfulStatus]
        let reason = await failureReason { _ = try await client.send(checked) }
        guard case .failedStatus(let code, _, _) = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
        #expect(code == 418)
    }

    @Test func theClientsDefaultRetryPolicyAppliesUnlessTheRequestHasItsOwn() async throws {
        let calls = Counter()
        server.route("/flaky") { _ in calls.next() % 3 == 2 ? .text("ok") : .text("busy", status: 503) }
        client.defaultRetryPolicy = RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(10))
        let retried = try await client.send(HTTPRequest(path: "/flaky"))
        #expect(retried.status == 200)
        #expect(server.requests.count == 3)
        var once = HTTPRequest(path: "/flaky")
        once.retryPolicy = .none
        #expect(!once.inheritsRetryPolicy)
        let notRetried = try await client.send(once)
        #expect(notRetried.status == 503)
        #expect(server.requests.count == 4)
        once.inheritsRetryPolicy = true
        let retriedAgain = try await client.send(once)
        #expect(retriedAgain.status == 200)
        #expect(server.requests.count == 6)
    }

    @Test func aMockedRequestNeverReachesTheServerWhileOthersDo() async throws {
        client.mock(.get, "\(server.baseURL)/flags", with: .json(#"{"beta":true}"#))
        client.mock(.get, "\(server.baseURL)/once", with: .text("mocked"), times: 1)
        server.route("/once", responding: .text("real"))
        let flags = try await client.send(HTTPRequest(path: "/flags"))
        let echo = try await client.send(HTTPRequest(path: "/echo"))
        let first = try await client.send(HTTPRequest(path: "/once"))
        let second = try await client.send(HTTPRequest(path: "/once"))
        #expect(flags.text == #"{"beta":true}"#)
        #expect(echo.status == 200)
        #expect(first.text == "mocked")
        #expect(second.text == "real")
        #expect(server.requests.map(\.path) == ["/echo", "/once"])
        #expect(client.mockedRequests.map { $0.url?.path } == ["/flags", "/once"])
    }

    @Test func aMockedAttemptIsOneAttemptAmongOthers() async throws {
        // The mock answers the first attempt only; the retry goes to the server, as from any transport.
        client.mock(.get, "\(server.baseURL)/once", with: .status(503), times: 1)
        server.route("/once", responding: .text("real"))
        var request = HTTPRequest(path: "/once")
        request.retryPolicy = RetryPolicy(maximumRetries: 1, initialDelay: .milliseconds(1))
        let response = try await client.send(request)
        #expect(response.text == "real")
        #expect(server.requests.map(\.path) == ["/once"])
        #expect(client.mockedRequests.map { $0.url?.path } == ["/once"])
    }

    @Test func aMockByPredicateRunsAfterTheInterceptorsAndRemovingMocksRestoresTheNetwork() async throws {
        client.interceptors = [Tag(name: "X-Mock-Me", value: "yes", port: server.port)]
        client.mock(matching: { $0.headers["X-Mock-Me"] == "yes" && $0.method == .delete }) { request in
            .status(204, headers: ["X-Seen": request.url?.path ?? ""])
        }
        let mocked = try await client.send(HTTPRequest(.delete, path: "/echo"))
        #expect(mocked.status == 204)
        #expect(mocked.headers["X-Seen"] == "/echo")
        #expect(server.requests.isEmpty)
        client.removeMocks()
        let real = try await client.send(HTTPRequest(.delete, path: "/echo"))
        #expect(real.status == 200)
        #expect(server.requests.count == 1)
    }
}
