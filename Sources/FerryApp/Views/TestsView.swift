import FerryTerminal
import FerryWorkbench

/// The response pane's Tests tab: each `client.test` with ✓ or ✗, its message and place, the scripts' log
/// lines, and a script's error with where it happened; the selected row is highlighted while the pane has
/// the keyboard (Enter opens its place).
struct TestsView: Widget {
    /// The outcomes of the exchange's scripts, in the order they ran.
    let outcomes: [ScriptOutcome]
    /// The selected row.
    let cursor: Int
    /// The first row shown.
    let scroll: Int
    /// Whether the response pane has the keyboard.
    let isFocused: Bool
    /// The colours.
    let theme: Theme

    /// Draws the rows into `area`, or says that no script ran.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let rows = ScriptReportRow.rows(outcomes)
        guard !rows.isEmpty else {
            let text = outcomes.isEmpty ? "No script ran for this send." : "The scripts ran no test and logged nothing."
            Line(text, style: theme[.muted]).render(into: &buffer, area: area.rows(area.y, count: 1))
            return
        }
        for (offset, row) in rows.enumerated().dropFirst(scroll).prefix(area.height) {
            let line = Self.line(row, theme: theme)
            let target = area.rows(area.y + offset - scroll, count: 1)
            if isFocused, offset == cursor {
                line.render(into: &buffer, area: target, highlightedWith: theme[.selection])
            } else {
                line.render(into: &buffer, area: target)
            }
        }
    }

    /// The word a script error's row starts with (`error `, `timeout `, `memory `, `canceled `, `no engine `).
    static func label(of kind: ScriptError.Kind) -> String {
        switch kind {
        case .exception: "error "
        case .timeout: "timeout "
        case .memoryLimit: "memory "
        case .canceled: "canceled "
        case .engineMissing: "no engine "
        }
    }

    /// One row as drawn: the mark, the text, then the place in a file.
    static func line(_ row: ScriptReportRow, theme: Theme) -> Line {
        var spans: [Span]
        switch row {
        case .test(let test):
            spans = [
                Span(test.passed ? "✓ " : "✗ ", style: theme[test.passed ? .success : .error].adding(.bold)),
                Span(test.name),
            ]
            if let message = test.message { spans.append(Span(" — \(message)", style: theme[.error])) }
        case .log(let text):
            spans = [Span("log ", style: theme[.muted]), Span(text)]
        case .error(let error):
            spans = [
                Span(label(of: error.kind), style: theme[.error].adding(.bold)),
                Span(error.message, style: theme[.error]),
            ]
        }
        if let location = row.location { spans.append(Span("  \(location)", style: theme[.muted])) }
        // Span text is made safe when drawn (control characters become visible escapes).
        return Line(spans)
    }
}
