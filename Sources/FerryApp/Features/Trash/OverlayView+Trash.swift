import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - The trash view (F9)

extension OverlayView {
    /// Draws the trash: one line per entry, most recent first (when it was deleted, what it holds and how
    /// many unsaved edits went with it), with a warning on entries that something now stands in the way of, and
    /// the question over it while one is asked.
    func renderTrash(_ view: TrashFeature.State, into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        var lines: [Line] = []
        if view.rows.isEmpty {
            lines.append(
                Line("The trash is empty: x in the tree moves a request, file or folder here.", style: theme[.muted]))
        }
        for row in view.rows {
            var spans = [
                Span(Self.deletedAt(row.entry.deletedAt) + "  ", style: theme[.muted]),
                Span(row.description),
            ]
            if let blocked = row.summary.blockedBy {
                spans.append(Span("  ⚠ \(blocked) exists now", style: theme[.warning]))
            }
            lines.append(Line(spans))
        }
        let height = min(area.height - 4, max(5, lines.count + 2))
        dialog(
            "Trash: Enter restores, d deletes for good, D empties, Esc closes", lines: lines, scroll: 0,
            selected: view.rows.isEmpty ? nil : view.selection, size: Size(width: area.width - 6, height: height),
            into: &buffer, area: area)
        switch view.question {
        case .purge(let row)?:
            renderQuestion("Delete for good?", TrashFeature.purgeQuestion(row), into: &buffer, area: area)
        case .empty(let entries)?:
            renderQuestion(
                "Empty the trash?", TrashFeature.emptyQuestion(count: entries.count), into: &buffer, area: area)
        case nil:
            break
        }
    }

    /// `2026-11-29 19:05` in the local time zone.
    static func deletedAt(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
