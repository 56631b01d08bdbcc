import Foundation

/// A transport that answers from rules instead of the network: for testing code built on ``HTTPClient``
/// (its parsers, validators, interceptors, retries and cancel all run as with a real transport) and for
/// trying out an API's shape offline.
///
/// Rules are tried newest first, so a later rule overrides an earlier one; a rule given `times` answers
/// that many requests and then steps aside (a `401` once, then the rule under it). A request no rule
/// matches fails with a ``HTTPClientError/Reason/transport(code:detail:)`` that names it. Answers arrive on
/// a background queue after the response's delay; a cancel before that ends the request as `.canceled` at
/// once. Responses carry no ``TransferTiming``: nothing was measured.
///
/// ```swift
/// let mock = MockTransport()
/// mock.respond(to: .get, "https://api.example.com/users/1", with: .json(#"{"id": 1}"#))
/// mock.respond(to: .post, "https://api.example.com/login", with: .status(401), times: 1)
/// let client = HTTPClient(transport: mock)
/// ```
public final class MockTransport: HTTPTransport {
    /// Decides whether a rule answers a request.
    public typealias Matcher = @Sendable (HTTPRequest) -> Bool

    private struct Rule {
        var matches: Matcher
        var answer: @Sendable (HTTPRequest) -> MockResponse
        /// How many more requests the rule answers; `nil` for any number.
        var remaining: Int?
    }

    private struct State {
        var rules: [Rule] = []
        var received: [HTTPRequest] = []
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "FerryHTTP.mock")

    /// A transport with no rules: every request fails until rules are added.
    public init() {}

    // MARK: - Rules

    /// Answers requests whose URL is `url` with `response`; with `method`, only requests with that
    /// method. A `url` ending in `*` matches every URL that starts with the rest; without a `?`, the
    /// query of the request is ignored.
    public func respond(
        to method: HTTPMethod? = nil, _ url: String, with response: MockResponse, times: Int? = nil
    ) {
        respond(matching: Self.matcher(method: method, url: url), times: times) { _ in response }
    }

    /// Answers requests `matches` accepts with whatever `answer` returns for each.
    public func respond(
        matching matches: @escaping Matcher, times: Int? = nil,
        answer: @escaping @Sendable (HTTPRequest) -> MockResponse
    ) {
        state.withLock { $0.rules.append(Rule(matches: matches, answer: answer, remaining: times)) }
    }

    /// Adds `request` to ``receivedRequests``.
    func record(_ request: HTTPRequest) { state.withLock { $0.received.append(request) } }

    /// Removes every rule and forgets the received requests.
    public func reset() { state.withLock { $0 = State() } }

    /// Every request sent so far, in order, as the transport received it (resolved: absolute URL, final
    /// headers).
    public var receivedRequests: [HTTPRequest] { state.withLock { $0.received } }

    // MARK: - HTTPTransport

    /// Answers `request` by the newest matching rule, after its delay.
    public func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle {
        if let transfer = start(request, events: events, recordingUnmatched: true) { return transfer }
        let transfer = MockTransfer(request: request, events: events, queue: queue)
        let detail = "MockTransport has no rule for \(request.method) \(request.url?.absoluteString ?? "")"
        let failure = HTTPClientError(.transport(code: 0, detail: detail), request: request)
        queue.async { transfer.complete(.failure(failure)) }
        return transfer
    }

    /// Answers `request` by the newest matching rule, or returns `nil` when none matches (recorded among
    /// ``receivedRequests`` only when it matched or `recordingUnmatched`).
    func start(_ request: HTTPRequest, events: TransferEvents, recordingUnmatched: Bool) -> (any TransferHandle)? {
        let answer = state.withLock { state -> MockResponse? in
            if recordingUnmatched { state.received.append(request) }
            guard let index = state.rules.lastIndex(where: { $0.matches(request) }) else { return nil }
            let rule = state.rules[index]
            if let remaining = rule.remaining {
                if remaining <= 1 {
                    state.rules.remove(at: index)
                } else {
                    state.rules[index].remaining = remaining - 1
                }
            }
            if !recordingUnmatched { state.received.append(request) }
            return rule.answer(request)
        }
        guard let answer else { return nil }
        return start(request, answeredWith: answer, events: events)
    }

    /// Answers `request` with `answer` after its delay, whatever the rules say.
    func start(_ request: HTTPRequest, answeredWith answer: MockResponse, events: TransferEvents) -> any TransferHandle
    {
        let transfer = MockTransfer(request: request, events: events, queue: queue)
        queue.asyncAfter(deadline: .now() + answer.delay.seconds) {
            transfer.complete(Self.result(of: answer, for: request))
        }
        return transfer
    }

    // MARK: - Internals

    private static func matcher(method: HTTPMethod?, url pattern: String) -> Matcher {
        { request in
            if let method, request.method != method { return false }
            guard var url = request.url?.absoluteString else { return false }
            if !pattern.contains("?"), let query = url.firstIndex(of: "?") { url = String(url[..<query]) }
            if pattern.hasSuffix("*") { return url.hasPrefix(pattern.dropLast()) }
            return url == pattern
        }
    }

    /// The result a transport would report for `answer`: the body is kept in memory within the request's
    /// limit, or written to its destination file.
    static func result(of answer: MockResponse, for request: HTTPRequest) -> Result<
        HTTPResponse, HTTPClientError
    > {
        if let failure = answer.failure { return .failure(HTTPClientError(failure, request: request)) }
        var headers = answer.headers
        if !headers.contains("Content-Length") { headers.add("Content-Length", String(answer.body.count)) }
        var body = answer.body
        var bodyFile: URL?
        switch request.responseBody {
        case .memory(let limit):
            guard body.count <= limit else {
                return .failure(HTTPClientError(.bodyTooLarge(limit: limit), request: request))
            }
        case .file(let url):
            do {
                try body.write(to: url)
            } catch {
                return .failure(HTTPClientError(.fileFailed("cannot write \(url.path): \(error)"), request: request))
            }
            body = Data()
            bodyFile = url
        case .spilling: break
        }
        var response = HTTPResponse(
            status: answer.status, headers: headers, url: request.url ?? URL(fileURLWithPath: "/"), body: body,
            bodyFile: bodyFile, tlsVerification: request.tlsVerification)
        do {
            try response.place(for: request.responseBody)
        } catch {
            return .failure(HTTPClientError(.fileFailed("\(error)"), request: request))
        }
        return .success(response)
    }
}

/// One request answered by a ``MockTransport``: completes exactly once, with `.canceled` when canceled first.
final class MockTransfer: TransferHandle, Sendable {
    private let request: HTTPRequest
    private let events: Locked<TransferEvents?>
    private let queue: DispatchQueue

    init(request: HTTPRequest, events: TransferEvents, queue: DispatchQueue) {
        self.request = request
        self.events = Locked(events)
        self.queue = queue
    }

    /// Drops the answer to come and reports `.canceled` on the transport's queue (not inside `cancel()`).
    func cancel() {
        guard let events = takeEvents() else { return }
        let failure = HTTPClientError(.canceled, request: request)
        queue.async { events.completion(.failure(failure)) }
    }

    /// Reports `result` (and the bytes it carries as progress) unless the transfer already ended.
    func complete(_ result: Result<HTTPResponse, HTTPClientError>) {
        guard let events = takeEvents() else { return }
        if case .success(let response) = result {
            var progress = TransferProgress()
            progress.bytesReceived = response.body.count
            progress.bytesExpectedToReceive = response.body.count
            events.progress(progress)
        }
        events.completion(result)
    }

    /// The events, the first time only.
    private func takeEvents() -> TransferEvents? {
        events.withLock { events in
            defer { events = nil }
            return events
        }
    }
}
