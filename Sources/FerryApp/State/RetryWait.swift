import FerryHTTP

/// A streamed send waiting before it tries again (`# @retries`): which attempt comes next, out of how many,
/// and after how long.
struct RetryWait: Sendable, Hashable {
    /// The attempt that starts after the wait (2 for the first retry).
    var attempt: Int
    /// The most attempts the request's retry policy allows (its retries plus one).
    var of: Int
    /// How long the wait is.
    var delay: Duration

    /// The wait in seconds, to a tenth: `1.0`.
    var seconds: Double {
        let exact = delay.seconds
        return (exact * 10).rounded() / 10
    }

    /// The wait in words: `Retrying in 1.0 s (attempt 2 of 3) — Esc cancels`.
    var summary: String {
        "Retrying in \(seconds) s (attempt \(attempt) of \(of)) — Esc cancels"
    }
}
