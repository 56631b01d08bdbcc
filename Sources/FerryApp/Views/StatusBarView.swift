import FerryTerminal

/// The status bar: the environment, what is in flight (bytes, rate, percent, a spinner), the latest
/// message, and key hints from the key map.
///
/// A message is never cut: when it does not fit on one row the bar grows, word-wrapped, to as many rows as it
/// needs (up to ``maximumRows(for:)``), and the panes above shrink for as long as the message stays.
struct StatusBarView {
    /// The state to draw.
    let state: AppState

    // MARK: - Size

    /// The most rows the bar takes on a terminal of `size`: three, or a quarter of a tall terminal.
    static func maximumRows(for size: Size) -> Int {
        max(1, min(max(3, size.height / 4), size.height - 3))
    }

    /// The rows the bar needs at `width` columns (one unless a long message wraps).
    static func rowCount(for state: AppState, width: Int) -> Int {
        guard state.message != nil else { return 1 }
        let rows = Paragraph.wrapped(StatusBarView(state: state).leftLine(), width: max(1, width)).count
        return min(max(1, rows), maximumRows(for: state.size))
    }

    // MARK: - Drawing

    /// Draws the bar into `area` (one row, or more while a long message is wrapped).
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard area.height > 0, area.width > 0 else { return }
        let bar = state.theme[.statusBar]
        buffer.fill(area, with: .blank(bar))
        let rows = Paragraph.wrapped(leftLine(), width: area.width)
        var shown = Array(rows.prefix(area.height))
        if rows.count > shown.count, let last = shown.popLast() {
            // Only when even the tallest bar is too short: say so rather than cut silently.
            shown.append(Self.markedCut(last, width: area.width, style: bar))
        }
        for (offset, row) in shown.enumerated() {
            var styled = row
            styled.style = bar.patched(with: row.style)
            styled.render(into: &buffer, area: area.rows(area.y + offset, count: 1))
        }
        let lastRow = area.y + shown.count - 1
        let used = shown.last?.width ?? 0
        // The trash hint is the first to go when the row is short (a long environment name at 80 columns).
        if let hints = [hintText(withTrash: true), hintText(withTrash: false)].first(where: {
            used + $0.count + 1 < area.width
        }) {
            Line(hints, style: bar.patched(with: state.theme[.muted]), alignment: .right).render(
                into: &buffer, area: area.rows(lastRow, count: 1))
        }
    }

    /// The environment, the in-flight summary and the message, as one line (before wrapping).
    func leftLine() -> Line {
        let theme = state.theme
        let bar = theme[.statusBar]
        var spans = [
            Span(" \(state.environment ?? "no environment") ", style: bar.patched(with: theme[.accent]).adding(.bold))
        ]
        let inFlight = state.exchanges.values.filter(\.isInFlight)
        if !inFlight.isEmpty {
            let frame = ResponseView.spinner[state.spinnerFrame % ResponseView.spinner.count]
            let received = inFlight.reduce(0) { $0 + $1.progress.bytesReceived }
            var text = " \(frame) \(inFlight.count) in flight · \(WorkbenchView.formatBytes(received))"
            if inFlight.count == 1, let rate = inFlight[0].receiveRate {
                text += " · \(WorkbenchView.formatBytes(Int(rate)))/s"
            }
            if inFlight.count == 1, let fraction = inFlight[0].progress.fractionReceived {
                text += " · \(Int(fraction * 100))%"
            }
            if inFlight.count == 1, let wait = inFlight[0].retryWait {
                // Short here (the response pane says it whole), so it fits beside the environment at 80 columns.
                text += " · retry \(wait.attempt)/\(wait.of) in \(wait.seconds) s, Esc cancels"
            }
            spans.append(Span(text + " ", style: bar.patched(with: theme[.accent])))
        }
        if let message = state.message {
            spans.append(
                Span(" " + message.text + " ", style: bar.patched(with: message.isError ? theme[.error] : theme[.text]))
            )
        }
        return Line(spans)
    }

    /// `line` shortened to end with an ellipsis inside `width` columns.
    private static func markedCut(_ line: Line, width: Int, style: Style) -> Line {
        var text = line.plainText
        while !text.isEmpty && CharacterWidth.columns(of: text) + 1 > width { text.removeLast() }
        var spans = line.spans
        let keep = text.count
        var counted = 0
        for index in spans.indices {
            let characters = spans[index].content.count
            if counted + characters > keep {
                spans[index].content = String(spans[index].content.prefix(max(0, keep - counted)))
            }
            counted += characters
        }
        spans.append(Span("…", style: style))
        return Line(spans.filter { !$0.content.isEmpty }, style: line.style)
    }

    private func hintText(withTrash: Bool) -> String {
        let keyMap = state.keyMap
        var pairs: [(AppCommand, String)] = [
            (.help, "help"), (.send, "send"), (.nextEnvironment, "env"), (.save, "save"), (.quit, "quit"),
        ]
        // In the tree, where things are deleted, the key that brings them back.
        if withTrash && state.focus == .tree && state.overlay == nil { pairs.insert((.trash, "trash"), at: 4) }
        // In the trash view, its own keys.
        if withTrash, case .trash = state.overlay {
            pairs = [(.purgeTrashEntry, "delete for good"), (.emptyTrash, "empty the trash")]
        }
        return pairs.compactMap { command, word in AppKeyMap.hint(for: command, in: keyMap).map { "\($0) \(word)" } }
            .joined(separator: "  ") + " "
    }
}
