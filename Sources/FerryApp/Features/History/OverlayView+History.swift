import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - The history view (F6)

extension OverlayView {
    /// Draws the history: the search, then one line per entry the search keeps (time, status, method, where its
    /// request lives now, URL), the marked one with ◆; or the diff of two entries over it.
    func renderHistory(_ view: HistoryFeature.State, into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        if let diff = view.diff {
            guard view.entries.indices.contains(diff.first), view.entries.indices.contains(diff.second) else { return }
            let lines = HistoryDiff.lines(view.entries[diff.first], view.entries[diff.second], theme: theme)
            dialog(
                "Diff of two sends (Esc goes back to the history)", lines: lines, scroll: diff.scroll, selected: nil,
                size: Size(width: area.width - 4, height: area.height - 2), into: &buffer, area: area)
            return
        }
        let entries = view.matching
        var lines = [Line("search: " + view.query, style: theme[.accent])]
        if entries.isEmpty {
            lines.append(Line("No history yet: every send is recorded here.", style: theme[.muted]))
        }
        for (index, entry) in entries.enumerated() {
            let status =
                entry.status.map(String.init)
                ?? ((entry.error ?? "").localizedCaseInsensitiveContains("cancel") ? "CXL" : "ERR")
            let mark = index == view.marked ? "◆ " : "  "
            let date = Date(timeIntervalSince1970: entry.time)
            let name =
                view.targets.location(of: entry)?.id.selector ?? RequestID(parsing: entry.recordedRequestPath).selector
            lines.append(
                Line([
                    Span(mark),
                    Span(Self.clock(date) + " ", style: theme[.muted]),
                    Span(status + " ", style: entry.status.map { theme.style(forStatus: $0) } ?? theme[.error]),
                    Span(
                        entry.method.padding(toLength: 7, withPad: " ", startingAt: 0),
                        style: theme.style(forMethod: entry.method)),
                    Span(Self.historyName(name) + " ", style: theme[.accent]),
                    Span(entry.url),
                ]))
        }
        let size = Self.historySize(in: area)
        let scroll = max(0, view.selection + 1 - (size.height - 3))
        dialog(
            "History (Enter opens, Space marks two for a diff, Esc closes)", lines: lines, scroll: scroll,
            selected: view.selection + 1, size: size, into: &buffer, area: area)
    }
}
