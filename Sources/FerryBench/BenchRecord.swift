import Foundation

/// The last run's rows as JSON under `.build/bench/` (`last.json`, and a copy named by the time of the run), for
/// comparing runs and for `docs/benchmarks.md`.
enum BenchRecord {
    /// The folder the records go to, beside the build.
    static let folder = URL(fileURLWithPath: ".build/bench")

    /// Writes `rows`; the path written, or `nil` when the folder cannot be written (the table is still printed).
    @discardableResult
    static func write(_ rows: [BenchRow], suites: [String], at date: Date = Date()) -> URL? {
        let document: [String: Any] = [
            "date": ISO8601DateFormatter().string(from: date),
            "suites": suites,
            "processors": ProcessInfo.processInfo.activeProcessorCount,
            "rows": rows.map { row -> [String: Any] in
                var object: [String: Any] = [
                    "suite": row.suite, "measurement": row.name, "value": row.value, "comparison": row.comparison,
                ]
                if let met = row.meetsTarget { object["met"] = met }
                return object
            },
        ]
        guard
            let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]),
            (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
        else { return nil }
        let stamp = Int(date.timeIntervalSince1970)
        let last = folder.appendingPathComponent("last.json")
        guard (try? data.write(to: last)) != nil else { return nil }
        try? data.write(to: folder.appendingPathComponent("bench-\(stamp).json"))
        return last
    }
}
