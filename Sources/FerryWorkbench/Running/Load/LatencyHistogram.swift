/// Latencies counted in log-linear buckets, as HdrHistogram does: exact below 64 µs, then 32 buckets per power
/// of two (within about 3 %), up to 2⁴⁰ µs (12 days). Its memory is fixed whatever it counts, so a load of
/// millions of requests costs what one of ten does.
///
/// ```swift
/// var histogram = LatencyHistogram()
/// histogram.record(.milliseconds(3))
/// histogram.percentile(99)  // ≈ 3 ms
/// ```
public struct LatencyHistogram: Sendable, Hashable {
    private static let exact = 64
    private static let perOctave = 32
    private static let octaves = 35
    private var counts = [Int](repeating: 0, count: exact + octaves * perOctave)
    /// How many latencies it holds.
    public private(set) var count = 0
    /// The longest latency recorded (exact, not a bucket's bound).
    public private(set) var maximum: Duration = .zero

    /// An empty histogram.
    public init() {}

    /// Counts `latency` (a negative one as zero).
    public mutating func record(_ latency: Duration) {
        let micros = max(0, Int(latency / .microseconds(1)))
        counts[Self.bucket(of: micros)] += 1
        count += 1
        maximum = max(maximum, latency)
    }

    /// Adds what `other` counted.
    public mutating func merge(_ other: LatencyHistogram) {
        for index in counts.indices { counts[index] += other.counts[index] }
        count += other.count
        maximum = max(maximum, other.maximum)
    }

    /// The latency at or under which `percent` % of the recorded ones fall (the upper bound of its bucket,
    /// never above ``maximum``); zero when empty.
    public func percentile(_ percent: Double) -> Duration {
        guard count > 0 else { return .zero }
        let rank = max(1, Int((percent / 100 * Double(count)).rounded(.up)))
        var seen = 0
        for (index, bucketCount) in counts.enumerated() where bucketCount > 0 {
            seen += bucketCount
            if seen >= rank { return min(.microseconds(Self.upperBound(of: index)), maximum) }
        }
        return maximum
    }

    /// The counts gathered into one row per power of two from 64 µs (`under` the row's upper bound), the rows
    /// from the first to the last that counted anything: what a terminal or a report draws.
    public var octaveRows: [(under: Duration, count: Int)] {
        var rows: [(under: Duration, count: Int)] = [(.microseconds(Self.exact), counts[0..<Self.exact].reduce(0, +))]
        for octave in 0..<Self.octaves {
            let start = Self.exact + octave * Self.perOctave
            rows.append(
                (.microseconds(Self.exact << (octave + 1)), counts[start..<start + Self.perOctave].reduce(0, +)))
        }
        guard let first = rows.firstIndex(where: { $0.count > 0 }), let last = rows.lastIndex(where: { $0.count > 0 })
        else { return [] }
        return Array(rows[first...last])
    }

    static func bucket(of micros: Int) -> Int {
        guard micros >= exact else { return micros }
        let shift = Int.bitWidth - micros.leadingZeroBitCount - 6  // micros >> shift is in 32..<64
        guard shift <= octaves else { return exact + octaves * perOctave - 1 }
        return exact + (shift - 1) * perOctave + (micros >> shift) - perOctave
    }

    static func upperBound(of bucket: Int) -> Int {
        guard bucket >= exact else { return bucket }
        let octave = (bucket - exact) / perOctave
        let step = (bucket - exact) % perOctave
        return ((perOctave + step + 1) << (octave + 1)) - 1
    }
}
