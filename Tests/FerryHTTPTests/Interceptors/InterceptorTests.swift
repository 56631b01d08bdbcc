import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Interceptors and validators on a real transfer to the loopback server: what reaches the wire, what the
/// caller gets, retries they ask for, and cancel while one is working.
@Suite struct InterceptorTests {
    let server: TestHTTPServer
    let environment: Environment

    init() throws {
        server = try TestHTTPServer()
        environment = Environment(baseURL: URL(string: server.baseURL)!)
    }

    private func client(_ interceptors: [any HTTPInterceptor]) -> HTTPClient {
        HTTPClient(transport: CurlTransport(), environment: environment, interceptors: interceptors)
    }

    @Test func adaptedHeadersReachTheWireInInterceptorOrder() async throws {
        server.route("/hello", responding: .text("hi"))
        let client = client([
            HeaderAdder(name: "X-Step", value: "first"), HeaderAdder(name: "X-Step", value: "second"),
        ])
        let response = try await client.send(HTTPRequest(path: "/hello"))
        #expect(response.text == "hi")
        let sent = try #require(server.requests.last)
        #expect(sent.headers.filter { $0.name == "X-Step" }.map(\.value) == ["first", "second"])
    }

    @Test func anAdaptThatThrowsFailsTheRequestWithoutSendingIt() async throws {
        server.route("/never", responding: .text("no"))
        let client = client([Refuser()])
        let error = await #expect(throws: HTTPClientError.self) { try await client.send(HTTPRequest(path: "/never")) }
        #expect(error?.reason == .rejected("not today"))
        #expect(error?.message == "Stopped by the client: not today.")
        #expect(server.requests.isEmpty)
    }

    @Test func aRetryDecisionSendsTheRequestAgainAdaptedAnew() async throws {
        let count = Counter()
        server.route("/busy") { _ in count.next() == 0 ? .text("busy", status: 409) : .text("done") }
        let stamper = Stamper()
        let client = client([stamper, RetryOnConflict()])
        let response = try await client.send(HTTPRequest(.post, path: "/busy"))
        #expect(response.text == "done")
        #expect(server.requests.map { $0.headers.first { $0.name == "X-Attempt" }?.value } == ["1", "2"])
    }

    @Test func validatorsTurnResponsesIntoErrorsAndLetGoodOnesThrough() async throws {
        server.route("/missing", responding: .text("nope", status: 404))
        server.route("/html", responding: .text("<p>", contentType: "text/html"))
        server.route("/json", responding: .json(#"{"ok":true}"#))
        server.route("/secret", responding: .text("who?", status: 401))
        let client = client([ResponseValidator.successfulStatus, ResponseValidator.contentType(["application/json"])])

        let missing = await #expect(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(path: "/missing"))
        }
        #expect(missing?.statusCode == 404)
        #expect(missing?.message.contains("The server answered 404: \"nope\"") == true)
        let html = await #expect(throws: HTTPClientError.self) { try await client.send(HTTPRequest(path: "/html")) }
        #expect(html?.reason == .unexpectedContentType(expected: "application/json", actual: "text/html"))
        let secret = await #expect(throws: HTTPClientError.self) { try await client.send(HTTPRequest(path: "/secret")) }
        #expect(secret?.statusCode == 401)
        #expect(try await client.send(HTTPRequest(path: "/json")).status == 200)
    }

    @Test func aCustomValidatorSaysWhyItRefused() async throws {
        server.route("/old", responding: .json(#"{"version":1}"#))
        let client = client([
            ResponseValidator.custom { $0.headers["X-Version"] == nil ? "the X-Version header is missing" : nil }
        ])
        let error = await #expect(throws: HTTPClientError.self) { try await client.send(HTTPRequest(path: "/old")) }
        #expect(error?.message == "Stopped by the client: the X-Version header is missing.")
    }

    @Test func cancelingWhileAnInterceptorWorksEndsAsCanceledAndSendsNothing() async throws {
        server.route("/late", responding: .text("late"))
        let gate = Gate()
        let client = client([SlowAdapter(gate: gate)])
        let task = client.task(for: HTTPRequest(path: "/late"))
        await gate.waitUntilEntered()
        task.cancel()
        gate.open()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected .canceled, got \(result)")
            return
        }
        #expect(error.isCanceled)
        // The adapter has returned by now; give a wrongly started transfer time to reach the server.
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requests.isEmpty)
    }

    @Test func aClientWithoutInterceptorsSendsTheRequestUnchanged() async throws {
        server.route("/plain", responding: .text("plain", status: 500))
        let response = try await client([]).send(HTTPRequest(path: "/plain"))
        #expect(response.status == 500)
        #expect(server.requests.count == 1)
    }
}

// MARK: - Interceptors used by the tests

private struct HeaderAdder: HTTPInterceptor {
    var name: String
    var value: String

    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        var request = request
        request.headers.add(name, value)
        return request
    }
}

private struct Refuser: HTTPInterceptor {
    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        throw HTTPClientError(.rejected("not today"), request: request)
    }
}

/// Numbers each attempt in `X-Attempt`.
private final class Stamper: HTTPInterceptor {
    private let count = Counter()

    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        var request = request
        request.headers["X-Attempt"] = String(count.next() + 1)
        return request
    }
}

/// Asks for one more attempt after a `409`.
private struct RetryOnConflict: HTTPInterceptor {
    func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int) async
        -> InterceptorDecision
    {
        if case .success(let response) = result, response.status == 409, attempt == 0 {
            return .retry(after: .milliseconds(5))
        }
        return .proceed(result)
    }
}

/// Holds every request in `adapt` until the gate opens.
private struct SlowAdapter: HTTPInterceptor {
    let gate: Gate

    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        await gate.enter()
        return request
    }
}

/// A one-time gate: `enter` waits until `open`; `waitUntilEntered` waits until someone is waiting.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var entered = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var enteredWaiters: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            entered = true
            let arrivals = enteredWaiters
            enteredWaiters = []
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
            for waiter in arrivals { waiter.resume() }
        }
    }

    func waitUntilEntered() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if entered {
                lock.unlock()
                continuation.resume()
            } else {
                enteredWaiters.append(continuation)
                lock.unlock()
            }
        }
    }

    func open() {
        lock.lock()
        isOpen = true
        let released = waiters
        waiters = []
        lock.unlock()
        for waiter in released { waiter.resume() }
    }
}
