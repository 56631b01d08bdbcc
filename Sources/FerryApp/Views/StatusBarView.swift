import FerryTerminal

/// The status bar: the environment, what is in flight (bytes, rate, percent, a spinner), the latest
/// message, and key hints from the key map.
struct StatusBarView {
    /// The state to draw.
    let state: AppState

    /// Draws the bar into `area` (one row).
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        let bar = theme[.statusBar]
        buffer.fill(area, with: .blank(bar))
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
            spans.append(Span(text + " ", style: bar.patched(with: theme[.accent])))
        }
        if let message = state.message {
            spans.append(
                Span(" " + message.text + " ", style: bar.patched(with: message.isError ? theme[.error] : theme[.text]))
            )
        }
        let left = Line(spans)
        let hints = hintText()
        let used = left.width
        left.render(into: &buffer, area: area)
        if used + hints.count + 1 < area.width {
            Line(hints, style: bar.patched(with: theme[.muted]), alignment: .right).render(into: &buffer, area: area)
        }
    }

    private func hintText() -> String {
        let keyMap = state.keyMap
        let pairs: [(AppCommand, String)] = [
            (.help, "help"), (.send, "send"), (.nextEnvironment, "env"), (.save, "save"), (.quit, "quit"),
        ]
        return pairs.compactMap { command, word in AppKeyMap.hint(for: command, in: keyMap).map { "\($0) \(word)" } }
            .joined(separator: "  ") + " "
    }
}
