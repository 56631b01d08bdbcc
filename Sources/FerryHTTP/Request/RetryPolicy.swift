import Foundation

/// When and how soon a failed request is sent again, aware of idempotency: a request that may change
/// something (POST, PATCH, …) is only retried when it surely never reached the server.
///
/// ```swift
/// var request = HTTPRequest(.get, url: url)
/// request.retryPolicy = RetryPolicy(maximumRetries: 2)     // 503, 503, 200 → 200
/// let response = try await client.send(request)
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request is sent again after the first attempt (0: never).
    public var maximumRetries: Int
    /// The wait before the first retry; it doubles for each one after.
    public var initialDelay: Duration
    /// The longest wait between two attempts, `Retry-After` included.
    public var maximumDelay: Duration
    /// The statuses worth another try: 408, 429, 500, 502, 503 and 504.
    public static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// No retries (the default of every request).
    public static let none = RetryPolicy(maximumRetries: 0)

    /// A policy of up to `maximumRetries` retries, waiting `initialDelay` then doubling, at most
    /// `maximumDelay` (a server's `Retry-After` is honoured up to that too).
    public init(maximumRetries: Int, initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30))
    {
        self.maximumRetries = max(0, maximumRetries)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    // MARK: - Deciding

    /// How long to wait before retry number `retry` (1 for the first) of a `method` request answered with
    /// `response`, or `nil` when it must not be retried: only idempotent methods are retried on a status,
    /// and only on a retryable one; the server's `Retry-After`, in seconds or as an HTTP-date (a date past is
    /// no wait), is honoured up to `maximumDelay`.
    public func delay(beforeRetry retry: Int, method: HTTPMethod, response: HTTPResponse) -> Duration? {
        guard retry >= 1, retry <= maximumRetries, method.isIdempotent, Self.retryableStatuses.contains(response.status)
        else { return nil }
        if let wait = Self.retryAfter(response) { return min(wait, maximumDelay) }
        return backoff(retry)
    }

    /// How long to wait before retry number `retry` of a `method` request that failed for `reason`, or `nil`
    /// when it must not be retried.
    ///
    /// Idempotent methods are retried after a timeout, a reset or truncated connection and other transport
    /// failures; the others only when the connection was refused or never completed (so nothing was
    /// sent). Cancellation, TLS, DNS and URL problems are never retried.
    public func delay(beforeRetry retry: Int, method: HTTPMethod, failure reason: HTTPClientError.Reason) -> Duration? {
        guard retry >= 1, retry <= maximumRetries, Self.isRetryable(reason, idempotent: method.isIdempotent) else {
            return nil
        }
        return backoff(retry)
    }

    // MARK: - Internals

    /// `initialDelay` doubled for each retry after the first, at most `maximumDelay`.
    private func backoff(_ retry: Int) -> Duration {
        min(initialDelay * (1 << min(retry - 1, 20)), maximumDelay)
    }

    /// Whether a failure may be retried.
    static func isRetryable(_ reason: HTTPClientError.Reason, idempotent: Bool) -> Bool {
        switch reason {
        case .connectionRefused, .timedOut(.connecting): true
        case .timedOut, .connectionReset, .bodyTruncated, .transport: idempotent
        default: false
        }
    }

    /// The wait `Retry-After` asks for as of `now`: delay-seconds, or an HTTP-date (RFC 9110 §10.2.3: the
    /// IMF-fixdate form, and the obsolete RFC 850 and asctime forms), a date already past being no wait.
    static func retryAfter(_ response: HTTPResponse, now: Date = Date()) -> Duration? {
        guard let header = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(header) { return seconds >= 0 ? .seconds(seconds) : nil }
        guard let date = httpDate(header) else { return nil }
        return .milliseconds(max(0, Int((date.timeIntervalSince(now) * 1000).rounded(.up))))
    }

    /// `text` read as an HTTP-date, in any of its three forms.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
