/// A load run seen while it goes: what a live view draws.
public struct LoadProgress: Sendable {
    /// Time since the load started.
    public var elapsed: Duration
    /// How long it is to last.
    public var duration: Duration
    /// How many requests ended so far.
    public var count: Int
    /// How many of them did not succeed.
    public var errors: Int
    /// How many ended a second since the previous progress (the current rate); in the final progress, over
    /// the whole load.
    public var recentRate: Double
    /// Every latency so far.
    public var latency: LatencyHistogram

    /// A progress report with the given parts.
    public init(
        elapsed: Duration, duration: Duration, count: Int, errors: Int, recentRate: Double, latency: LatencyHistogram
    ) {
        self.elapsed = elapsed
        self.duration = duration
        self.count = count
        self.errors = errors
        self.recentRate = recentRate
        self.latency = latency
    }
}
