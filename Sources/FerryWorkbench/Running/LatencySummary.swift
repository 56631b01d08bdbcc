/// The spread of a run's response times: fastest, median and 95th percentile (nearest rank).
///
/// ```swift
/// let summary = LatencySummary(report.results.filter(\.wasAnswered).map(\.duration))
/// print(summary?.median ?? .zero)
/// ```
public struct LatencySummary: Sendable, Hashable {
    /// How many durations it summarizes.
    public var count: Int
    /// The shortest.
    public var minimum: Duration
    /// The middle one (the mean of the two middle ones for an even count).
    public var median: Duration
    /// The smallest duration that at least 95 % of them do not exceed.
    public var percentile95: Duration
    /// The longest.
    public var maximum: Duration

    /// The summary of `durations`, or `nil` when there are none.
    public init?(_ durations: [Duration]) {
        guard !durations.isEmpty else { return nil }
        let sorted = durations.sorted()
        let count = sorted.count
        self.count = count
        minimum = sorted[0]
        maximum = sorted[count - 1]
        median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
        let rank = (95 * count + 99) / 100
        percentile95 = sorted[max(rank, 1) - 1]
    }
}
