import FerryHTTP
import Foundation

/// The probe's measurements (the request patterns are ``RequestPatterns``, shared with FerryBench).
enum ProbeRuns {
    // MARK: - Measurements

    /// Requests per second for `count` requests done by `body`, after one warm-up run.
    static func rate(_ count: Int, _ body: () -> Void) -> Int {
        body()
        let start = ContinuousClock.now
        body()
        return Int(Double(count) / seconds(since: start))
    }

    /// Requests per second for `count` requests done by the async `body`, after one warm-up run.
    static func asyncRate(_ count: Int, _ body: () async -> Void) async -> Int {
        await body()
        let start = ContinuousClock.now
        await body()
        return Int(Double(count) / seconds(since: start))
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return max(elapsed.seconds, 1e-9)
    }

    /// The process's peak resident set size in bytes (VmHWM in `/proc/self/status`).
    static func peakResidentBytes() -> Int { statusBytes("VmHWM:") }

    /// A size line of `/proc/self/status`, such as `RssAnon:`, in bytes.
    static func statusBytes(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        return 0
    }
}
