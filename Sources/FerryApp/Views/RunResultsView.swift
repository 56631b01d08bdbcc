import FerryTerminal
import FerryWorkbench

/// The run view: one row per request as it finishes (mark, id, status, time) with its failed tests under
/// it, the counts in the title, and the latency summary (min, median, p95) at the bottom. A load test shows its
/// ``LoadPanel`` above the rows (which come at its end: each request's median time and errors).
struct RunResultsView: Widget {
    /// The run to show.
    let run: RunState
    /// The selected row.
    let selection: Int
    /// The colours.
    let theme: Theme

    /// Draws the view over `area` (the whole screen), centred with a margin.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let rect = area.centered(Size(width: max(20, area.width - 6), height: max(5, area.height - 4)))
        let block = Block(
            title: Line(" \(title) "), borderStyle: theme[.focusedBorder], focusedBorderStyle: theme[.focusedBorder],
            style: theme[.background], isFocused: true)
        block.render(into: &buffer, area: rect)
        let inner = block.inner(rect)
        guard inner.height >= 2 else { return }
        var loadLines: [Line] = []
        if let model = run.load {
            let panel = LoadPanel(model: model, progress: run.loadProgress, isRunning: run.isRunning, theme: theme)
            loadLines = panel.lines(height: max(1, (inner.height - 1) * 2 / 3), width: inner.width)
            for (offset, line) in loadLines.enumerated() {
                line.render(into: &buffer, area: inner.rows(inner.y + offset, count: 1))
            }
        }
        let listY = inner.y + loadLines.count + (loadLines.isEmpty ? 0 : 1)
        let listHeight = inner.y + inner.height - 1 - listY
        let rows = run.rows
        let top = selection >= listHeight ? selection - listHeight + 1 : 0
        if rows.isEmpty, run.load == nil || !run.isRunning, listHeight > 0 {
            Line(run.isRunning ? "Sending the first request…" : "Nothing was run.", style: theme[.muted])
                .render(into: &buffer, area: inner.rows(listY, count: 1))
        }
        for (offset, row) in rows.enumerated().dropFirst(top).prefix(max(0, listHeight)) {
            let target = inner.rows(listY + offset - top, count: 1)
            let line = self.line(row)
            if offset == selection {
                line.render(into: &buffer, area: target, highlightedWith: theme[.selection])
            } else {
                line.render(into: &buffer, area: target)
            }
        }
        footer.render(into: &buffer, area: inner.rows(inner.y + inner.height - 1, count: 1))
    }

    /// `Run api — running… 3 passed, 1 failed` (and the other verdicts, once there are some).
    var title: String {
        let state = run.isRunning ? "running… " : run.wasCanceled ? "canceled: " : ""
        var counts = ["\(run.count(.passed)) passed", "\(run.count(.failed)) failed"]
        for (outcome, name) in [
            (RunOutcome.transportError, "transport errors"), (.invalid, "invalid"), (.skipped, "skipped"),
        ]
        where run.count(outcome) > 0 {
            counts.append("\(run.count(outcome)) \(name)")
        }
        if let model = run.load {
            let sent = run.loadProgress.map { "\($0.count) requests" } ?? "starting"
            return "Load \(RunFeature.title(run.path)), \(model) — \(state)\(sent)"
        }
        return "Run \(RunFeature.title(run.path)) — \(state)\(counts.joined(separator: ", "))"
    }

    /// The latency summary and the keys.
    var footer: Line {
        var spans: [Span] = []
        if let latency = run.latency, run.load == nil {
            let times = [("min", latency.minimum), ("median", latency.median), ("p95", latency.percentile95)]
                .map { "\($0) \(WorkbenchView.formatDuration($1))" }.joined(separator: " · ")
            spans.append(Span(times + "   ", style: theme[.accent]))
        }
        spans.append(
            Span(
                run.isRunning
                    ? (run.load == nil ? "Esc cancels · Enter opens" : "Esc stops the load · q hides it")
                    : "Enter opens · Esc closes", style: theme[.muted]))
        return Line(spans)
    }

    private func line(_ row: RunState.Row) -> Line {
        switch row {
        case .diagnostic(let index):
            let diagnostic = run.diagnostics[index]
            return Line([
                Span("! ", style: theme[.warning].adding(.bold)),
                Span(diagnostic.description, style: theme[.warning]),
            ])
        case .result(let index):
            let result = run.results[index]
            let (mark, role): (String, ThemeRole) =
                switch result.outcome {
                case .passed: ("✓", .success)
                case .failed: ("✗", .error)
                case .transportError: ("!", .error)
                case .invalid: ("!", .warning)
                case .skipped: ("–", .muted)
                }
            let status = result.status.map(String.init) ?? "—"
            let time =
                run.load != nil
                ? "median " + WorkbenchView.formatDuration(result.duration)
                : result.wasAnswered || result.outcome == .transportError
                    ? WorkbenchView.formatDuration(result.duration) : ""
            var spans = [
                Span("\(mark) ", style: theme[role].adding(.bold)),
                Span(result.id.description),
                Span("  \(status)", style: result.status.map { theme.style(forStatus: $0) } ?? theme[.muted]),
                Span("  \(time)", style: theme[.muted]),
            ]
            if let message = result.message, result.outcome != .passed {
                spans.append(Span("  \(message)", style: theme[role]))
            }
            return Line(spans)
        case .failedTest(let index, let test):
            let failed = run.results[index].failedTests[test]
            var spans = [Span("    ✗ ", style: theme[.error]), Span(failed.name)]
            if let message = failed.message { spans.append(Span(" — \(message)", style: theme[.error])) }
            if let location = failed.location { spans.append(Span("  \(location)", style: theme[.muted])) }
            return Line(spans)
        case .scriptError(let index, let error):
            let stopped = run.results[index].scriptErrors[error]
            var spans = [
                Span("    \(TestsView.label(of: stopped.kind))", style: theme[.error].adding(.bold)),
                Span(stopped.message, style: theme[.error]),
            ]
            if let location = stopped.location { spans.append(Span("  \(location)", style: theme[.muted])) }
            // Span text is made safe when drawn (control characters become visible escapes).
            return Line(spans)
        }
    }
}
