import FerryWorkbench

/// The live view of a load run: on a terminal, a block redrawn in place each second — progress, the current
/// rate, the percentiles so far and a latency histogram — whose last frame (the final figures) stays; elsewhere
/// a plain line a second and one at the end. It draws only
/// numbers Ferry computed, never text from a file or a server.
struct LoadView {
    /// Where it draws.
    let output: TerminalOutput
    /// Whether it redraws in place (a terminal) or writes plain lines.
    let live: Bool
    private var drawnLines = 0

    init(output: TerminalOutput, live: Bool) {
        self.output = output
        self.live = live
    }

    /// Draws `progress`.
    mutating func show(_ progress: LoadProgress) {
        let latency = progress.latency
        let head =
            "load \(Self.seconds(progress.elapsed)) of \(Self.seconds(progress.duration)): \(progress.count) requests, "
            + "\(progress.errors) errors, \(Int(progress.recentRate.rounded()))/s now; "
            + "p50 \(LoadTable.milliseconds(latency.percentile(50))), p99 \(LoadTable.milliseconds(latency.percentile(99)))"
        guard live else {
            output.writeText(head + "\n")
            return
        }
        var lines = [Self.bar(progress) + "  " + head]
        let rows = latency.octaveRows
        let most = max(1, rows.map(\.count).max() ?? 1)
        for row in rows {
            let width = row.count * 40 / most
            let label = "< " + LoadTable.milliseconds(row.under)
            lines.append(
                String(repeating: " ", count: max(0, 10 - label.count)) + label + " "
                    + String(repeating: "█", count: width) + " \(row.count)")
        }
        output.writeRaw(Array((erase() + lines.map { $0 + "\u{1B}[K\n" }.joined()).utf8))
        drawnLines = lines.count
    }

    private func erase() -> String {
        drawnLines > 0 ? "\u{1B}[\(drawnLines)A\r\u{1B}[J" : ""
    }

    private static func bar(_ progress: LoadProgress) -> String {
        let total = max(progress.duration / .milliseconds(1), 1)
        let filled = min(20, Int(progress.elapsed / .milliseconds(1) / total * 20))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "]"
    }

    private static func seconds(_ duration: Duration) -> String {
        "\(Int((duration / .seconds(1)).rounded())) s"
    }
}
