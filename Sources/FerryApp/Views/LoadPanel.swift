import FerryTerminal
import FerryWorkbench

/// The top of the run view during and after a load test: a progress bar, the count, errors and current rate,
/// the percentiles so far, and the latency histogram (one row per power of two). It draws only numbers Ferry
/// computed, never text from a file or a server.
struct LoadPanel {
    /// How the load sends.
    let model: LoadModel
    /// What it measured so far (`nil` before its first second).
    let progress: LoadProgress?
    /// Whether the load still sends.
    let isRunning: Bool
    /// The colours.
    let theme: Theme

    /// The panel's lines, at most `height` of them (the histogram's last rows go first), for `width` columns.
    func lines(height: Int, width: Int) -> [Line] {
        guard let progress else {
            return [Line("\(model): the first figures come within a second…", style: theme[.muted])]
        }
        let latency = progress.latency
        let rate = Int(progress.recentRate.rounded())
        let head = Line([
            Span(Self.bar(progress, width: 20) + "  ", style: theme[.accent]),
            Span(
                "\(Self.seconds(progress.elapsed)) of \(Self.seconds(progress.duration)) · \(progress.count) requests · "
            ),
            Span("\(progress.errors) errors", style: progress.errors > 0 ? theme[.error] : theme[.muted]),
            Span(" · \(rate)/s \(isRunning ? "now" : "overall")"),
        ])
        let percentiles =
            [("p50", 50.0), ("p90", 90), ("p99", 99)]
            .map { "\($0.0) \(WorkbenchView.formatDuration(latency.percentile($0.1)))" }
            + ["max \(WorkbenchView.formatDuration(latency.maximum))"]
        var lines = [head, Line(percentiles.joined(separator: " · "), style: theme[.accent])]
        let rows = latency.octaveRows
        let most = max(1, rows.map(\.count).max() ?? 1)
        let barWidth = max(1, min(40, width - 24))
        for row in rows.prefix(max(0, height - lines.count)) {
            let label = "< " + WorkbenchView.formatDuration(row.under)
            let padded = String(repeating: " ", count: max(0, 10 - label.count)) + label + " "
            lines.append(
                Line([
                    Span(padded, style: theme[.muted]),
                    Span(String(repeating: "█", count: max(row.count > 0 ? 1 : 0, row.count * barWidth / most))),
                    Span(" \(row.count)", style: theme[.muted]),
                ]))
        }
        return Array(lines.prefix(height))
    }

    /// `[########............]`: the share of the load's time gone.
    static func bar(_ progress: LoadProgress, width: Int) -> String {
        let total = max(progress.duration / .milliseconds(1), 1)
        let filled = max(0, min(width, Int(progress.elapsed / .milliseconds(1) / total * Double(width))))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
    }

    private static func seconds(_ duration: Duration) -> String {
        "\(Int((duration / .seconds(1)).rounded())) s"
    }
}
