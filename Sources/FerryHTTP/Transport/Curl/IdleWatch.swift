/// The no-progress check behind ``HTTPRequest/idleTimeout`` for one curl transfer: it notes when bytes
/// last moved (either way) and says when the limit has passed since.
///
/// The clock is read only in ``hasPassed(transferred:at:)``, which libcurl's progress callback calls after
/// every step of the transfer (in the same `curl_multi_perform` as the bytes that moved): a header line or a
/// body chunk only marks that something moved, and the next check takes that as activity at its own time.
///
/// libcurl's own low-speed check (`CURLOPT_LOW_SPEED_TIME`) averages over a five-second window, so after a
/// stall it fires up to five seconds late; this one fires at the first progress call past the limit (the
/// event loop turns at least once a second). While the transfer is paused because a streamed body's reader
/// is behind, the clock does not run: the stall is the reader's, not the server's.
struct IdleWatch {
    /// The limit, or `nil` for none.
    let limit: Duration?
    private var lastActivity: ContinuousClock.Instant
    private var lastCount = 0
    private var isPaused = false
    /// Whether a header line or a body chunk was taken since the last check.
    private var hasMoved = false
    /// Whether the limit passed (the transfer was stopped for it).
    private(set) var hasExpired = false

    /// A watch for `limit`, starting its clock at `now`.
    init(limit: Duration?, now: ContinuousClock.Instant = .now) {
        self.limit = limit
        lastActivity = now
    }

    /// Notes that bytes moved (a header line or a body chunk was taken); ends a pause.
    mutating func noteActivity() {
        hasMoved = true
        isPaused = false
    }

    /// Notes that the transfer was paused for a slow reader: the clock stops until the next activity.
    mutating func notePaused() {
        isPaused = true
    }

    /// Takes libcurl's byte counts (received plus sent) and returns `true` once the limit has passed with
    /// no change; from then on ``hasExpired`` is `true`.
    mutating func hasPassed(transferred count: Int, at now: ContinuousClock.Instant = .now) -> Bool {
        guard let limit else { return false }
        if count != lastCount || isPaused || hasMoved {
            lastCount = count
            lastActivity = now
            hasMoved = false
            return false
        }
        if now - lastActivity >= limit { hasExpired = true }
        return hasExpired
    }
}
