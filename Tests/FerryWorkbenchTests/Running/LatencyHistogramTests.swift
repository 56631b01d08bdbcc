import FerryWorkbench
import Testing

/// The load run's latency histogram: percentiles within its bucket precision, merging, octave rows for the
/// view, and fixed memory whatever it counts.
@Suite struct LatencyHistogramTests {
    @Test func percentilesStayWithinThreePercent() {
        var histogram = LatencyHistogram()
        for micros in 1...10_000 { histogram.record(.microseconds(micros)) }
        #expect(histogram.count == 10_000)
        #expect(histogram.maximum == .microseconds(10_000))
        for (percent, exact) in [(50.0, 5_000), (90, 9_000), (99, 9_900), (100, 10_000)] {
            let found = histogram.percentile(percent) / .microseconds(1)
            #expect(found >= Double(exact) && found <= Double(exact) * 1.035, "p\(percent): \(found)")
        }
        #expect(LatencyHistogram().percentile(99) == .zero)
        var small = LatencyHistogram()
        small.record(.microseconds(7))
        small.record(.microseconds(-3))
        #expect(small.percentile(50) == .zero)
        #expect(small.percentile(100) == .microseconds(7))
    }

    @Test func mergingAddsCountsAndRowsCoverWhatWasCounted() {
        var fast = LatencyHistogram()
        var slow = LatencyHistogram()
        for _ in 0..<30 { fast.record(.microseconds(40)) }
        for _ in 0..<10 { slow.record(.milliseconds(3)) }
        slow.record(.seconds(86_400 * 400))
        fast.merge(slow)
        #expect(fast.count == 41)
        #expect(fast.percentile(50) == .microseconds(40))
        let rows = fast.octaveRows
        #expect(rows.first?.under == .microseconds(64))
        #expect(rows.first?.count == 30)
        #expect(rows.map(\.count).reduce(0, +) == 41)
        #expect(rows.contains { $0.count == 10 && $0.under == .microseconds(4_096) })
    }
}
