import FerryWorkbench
import Foundation

/// A load run's account as a table for people: a row per request (count, errors, p50, p90, p99, max,
/// requests a second), a row for all of them, then each request's errors by kind.
enum LoadTable {
    /// The table, ending in a newline.
    static func text(of load: LoadReport) -> String {
        var rows: [[String]] = [["request", "count", "errors", "p50", "p90", "p99", "max", "req/s"]]
        func row(_ name: String, _ count: Int, _ errors: Int, _ latency: LatencyHistogram) -> [String] {
            [name, "\(count)", "\(errors)"] + [50.0, 90, 99].map { milliseconds(latency.percentile($0)) }
                + [milliseconds(latency.maximum), String(format: "%.0f", load.throughput(of: count))]
        }
        for request in load.requests {
            rows.append(row(request.id.description, request.count, request.errorCount, request.latency))
        }
        let all = load.requests.reduce(0) { $0 + $1.errorCount }
        if load.requests.count > 1 { rows.append(row("all", load.count, all, load.latency)) }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = [
            "load (\(load.model)): \(load.count) requests in \(String(format: "%.2f", load.elapsed / .seconds(1))) s"
        ]
        for cells in rows {
            let padded = cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }
            lines.append(padded.joined(separator: "  "))
        }
        for request in load.requests where request.errorCount > 0 {
            let kinds = request.errors.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
            lines.append("errors of \(request.id): \(kinds.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1.23 ms` under 10 ms, else `12 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let value = duration / .milliseconds(1)
        return value < 10 ? String(format: "%.2f ms", value) : String(format: "%.0f ms", value)
    }
}
