import FerryTerminal

/// The status bar: the environment, what is in flight (bytes, rate, percent, a spinner), the latest
/// message, and key hints from the key map.
///
/// The bar is always one row, so the panes never move: a message too long for it is cut with `…` (the hints
/// go first), and F10 lists the session's errors whole.
struct StatusBarView: Widget {
    /// The state to draw.
    let state: AppState

    // MARK: - Drawing

    /// Draws the bar into `area` (one row, or more while a long message is wrapped).
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        bar.render(into: &buffer, area: area)
    }

    /// The widget: the left line, and the key hints with and without the trash key (the first to go when the
    /// row is short, say with a long environment name at 80 columns).
    private var bar: StatusBar {
        StatusBar(left: leftLine(), hints: [hintText(withTrash: true), hintText(withTrash: false)], theme: state.theme)
    }

    /// The environment, the in-flight summary and the message, as one line (before wrapping).
    func leftLine() -> Line {
        let theme = state.theme
        let bar = theme[.statusBar]
        var spans = [
            Span(" \(state.environment ?? "no environment") ", style: bar.patched(with: theme[.accent]).adding(.bold))
        ]
        // How the open request's sign-ins stand, as the sign-in feature last learned it.
        if let badges = signInBadges() {
            spans.append(Span(" \(SafeText.sanitized(badges)) ", style: bar.patched(with: theme[.muted])))
        }
        let inFlight = state.response.exchanges.values.filter(\.isInFlight)
        if !inFlight.isEmpty {
            let frame = Spinner.frame(at: state.spinnerFrame)
            let received = inFlight.reduce(0) { $0 + $1.progress.bytesReceived }
            var text = " \(frame) \(inFlight.count) in flight · \(WorkbenchView.formatBytes(received))"
            if inFlight.count == 1, let rate = inFlight[0].receiveRate {
                text += " · \(WorkbenchView.formatBytes(Int(rate)))/s"
            }
            if inFlight.count == 1, let fraction = inFlight[0].progress.fractionReceived {
                text += " · \(Int(fraction * 100))%"
            }
            if inFlight.count == 1, let waited = inFlight[0].waited(at: state.response.now) {
                text += " · waiting \(WorkbenchView.formatWait(waited))"
            }
            if inFlight.count == 1, let wait = inFlight[0].retryWait {
                // Short here (the response pane says it whole), so it fits beside the environment at 80 columns.
                text += " · retry \(wait.attempt)/\(wait.of) in \(wait.seconds) s"
            }
            // What the next Esc does, while it could cancel something: it peels filters and the like first.
            let escape = state.nextEscape
            if escape != .nothing && escape != .dialog { text += " · \(escape.hint)" }
            spans.append(Span(text + " ", style: bar.patched(with: theme[.accent])))
        }
        if let message = state.message {
            spans.append(
                Span(
                    " " + Self.oneRow(message.text) + " ",
                    style: bar.patched(with: message.isError ? theme[.error] : theme[.text]))
            )
        }
        return Line(spans)
    }

    /// The known sign-in states of the configurations the open request uses, or `nil` when none is known.
    func signInBadges() -> String? {
        let uses = state.currentRequest?.signInConfigurationIDs ?? []
        let badges = uses.compactMap { id in
            state.signInMemory.state(of: id, in: state.environment).map {
                SignInRow(id: id, isUsed: true, state: $0).badge
            }
        }
        return badges.isEmpty ? nil : badges.joined(separator: " · ")
    }

    /// `text` for the status bar's one row: line breaks and tabs written as `\n`, `\r` and `\t` (a copied JSON
    /// value or a server's message with line breaks reads as it is, where the screen would show `^J`).
    static func oneRow(_ text: String) -> String {
        var row = ""
        row.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": row += "\\n"
            case "\r": row += "\\r"
            case "\t": row += "\\t"
            default: row.unicodeScalars.append(scalar)
            }
        }
        return row
    }

    private func hintText(withTrash: Bool) -> String {
        let keyMap = state.keyMap
        var pairs: [(AppCommand, String)] = [
            (.help, "help"), (.send, "send"), (.nextEnvironment, "env"), (.save, "save"), (.quit, "quit"),
        ]
        // In the tree, where things are deleted, the key that brings them back.
        if withTrash && state.panes.focus == .tree && state.overlay == nil { pairs.insert((.trash, "trash"), at: 4) }
        // In the trash view, its own keys.
        if withTrash, case .trash = state.overlay {
            pairs = [(.purgeTrashEntry, "delete for good"), (.emptyTrash, "empty the trash")]
        }
        return pairs.compactMap { command, word in AppKeyMap.hint(for: command, in: keyMap).map { "\($0) \(word)" } }
            .joined(separator: "  ") + " "
    }
}
