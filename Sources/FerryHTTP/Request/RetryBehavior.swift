import Foundation

/// Which attempts are sent again, as a value a request or a client holds (``HTTPRequest/retryBehavior``,
/// ``HTTPClient/defaultRetryBehavior``): a ``RetryPolicy``, one of the seeds' rules, your own
/// ``RetryStrategy``, or several of them combined with ``any(_:)``, where the first that asks for a retry
/// decides.
///
/// ```swift
/// var request = HTTPRequest(.post, path: "/orders", body: .json(["item": 7]))
/// request.retryBehavior = .any([
///     .policy(RetryPolicy(maximumRetries: 2)),  // transport failures, as safe as the method allows
///     .onStatus([409], maximumRetries: 1),  // and once more on a conflict, POST or not
/// ])
/// ```
public struct RetryBehavior: RetryStrategy, Hashable {
    /// The strategies asked in order; the first that gives a delay decides.
    private let strategies: [any RetryStrategy]
    /// What makes two behaviors equal: the same policy, or the same value copied.
    private let identity: Identity

    /// How behaviors compare: a policy by its fields, anything else by the value it was made as.
    private enum Identity: Hashable {
        case policy(RetryPolicy)
        case made(Token)
    }

    /// An identity shared by the copies of one value.
    private final class Token: Hashable, Sendable {
        static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    private init(_ strategies: [any RetryStrategy], identity: Identity? = nil) {
        self.strategies = strategies
        self.identity = identity ?? .made(Token())
    }

    /// The most retries of any of its strategies.
    public var maximumRetries: Int { strategies.map(\.maximumRetries).max() ?? 0 }

    /// The first of its strategies' delays, or `nil` when none asks for a retry.
    public func delay(
        beforeRetry retry: Int, of request: HTTPRequest, after outcome: Result<HTTPResponse, HTTPClientError>
    ) -> Duration? {
        for strategy in strategies {
            if let wait = strategy.delay(beforeRetry: retry, of: request, after: outcome) { return wait }
        }
        return nil
    }

    /// The ``RetryPolicy`` this behavior is, or `nil` when it is something else.
    public var policy: RetryPolicy? {
        if case .policy(let policy) = identity { policy } else { nil }
    }

    /// Equal when both are the same policy, or copies of one value.
    public static func == (lhs: RetryBehavior, rhs: RetryBehavior) -> Bool { lhs.identity == rhs.identity }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    // MARK: - Values

    /// No retries.
    public static let none = RetryBehavior.policy(.none)

    /// `policy`'s idempotency-aware retries, back-off and `Retry-After`.
    public static func policy(_ policy: RetryPolicy) -> RetryBehavior {
        RetryBehavior([policy], identity: .policy(policy))
    }

    /// Whatever the first of `behaviors` that asks for a retry says (PMHTTP's `HTTPManagerRetryBehavior(any:)`).
    public static func any(_ behaviors: [RetryBehavior]) -> RetryBehavior { RetryBehavior(behaviors) }

    /// Your own strategy.
    public static func custom(_ strategy: some RetryStrategy) -> RetryBehavior { RetryBehavior([strategy]) }

    /// Up to `maximumRetries` retries, after `delay`, of a request of any method answered with one of
    /// `statuses`; with `methods`, only requests with one of those (BothamNetworking's retry of a `POST` on a
    /// status). The server answered, so it had the request: a method that is not idempotent is sent again
    /// only because you asked for it here.
    public static func onStatus(
        _ statuses: Set<Int>, methods: Set<HTTPMethod>? = nil, maximumRetries: Int = 1, delay: Duration = .zero
    ) -> RetryBehavior {
        .custom(
            DecidingStrategy(maximumRetries: maximumRetries) { request, outcome in
                guard case .success(let response) = outcome, statuses.contains(response.status),
                    methods?.contains(request.method) ?? true
                else { return nil }
                return delay
            })
    }

    /// Up to `count` retries, after `delay`, of a request of any method that failed: no response
    /// (cancellation, a refused or invalid request and TLS failures aside) or a status outside 2xx
    /// (Neorequest's `numberOfRetries`). This sends a `POST` again even when the server may have acted on it:
    /// use it where the seeds did, for requests safe to repeat.
    public static func failures(count: Int, delay: Duration = .zero) -> RetryBehavior {
        .custom(
            DecidingStrategy(maximumRetries: count) { _, outcome in
                switch outcome {
                case .success(let response): response.isSuccess ? nil : delay
                case .failure(let error): Self.isRepeatable(error.reason) ? delay : nil
                }
            })
    }

    /// Whether a send that failed with `reason` may be repeated by ``failures(count:delay:)``.
    private static func isRepeatable(_ reason: HTTPClientError.Reason) -> Bool {
        switch reason {
        case .connectionRefused, .timedOut, .connectionReset, .bodyTruncated, .transport: true
        default: false
        }
    }
}

/// A strategy from a closure, under a limit on the number of retries.
private struct DecidingStrategy: RetryStrategy {
    let maximumRetries: Int
    let decide: @Sendable (HTTPRequest, Result<HTTPResponse, HTTPClientError>) -> Duration?

    init(
        maximumRetries: Int,
        decide: @escaping @Sendable (HTTPRequest, Result<HTTPResponse, HTTPClientError>) -> Duration?
    ) {
        self.maximumRetries = max(0, maximumRetries)
        self.decide = decide
    }

    func delay(
        beforeRetry retry: Int, of request: HTTPRequest, after outcome: Result<HTTPResponse, HTTPClientError>
    ) -> Duration? {
        guard retry >= 1, retry <= maximumRetries else { return nil }
        return decide(request, outcome)
    }
}
