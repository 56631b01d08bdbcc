import FerryTerminal
import FerryWorkbench

// MARK: - The difference between a request's file on disk and its unsaved edits

extension OverlayView {
    /// Draws `diff`, the file's version of `id` against its draft: `-` lines only on disk, `+` lines only in the
    /// edits.
    func renderReloadDiff(
        _ diff: [HistoryDiff.Change], of id: RequestID, scroll: Int, into buffer: inout ScreenBuffer, area: Rect
    ) {
        let theme = state.theme
        let lines = diff.map { change in
            switch change {
            case .same(let line): Line("  " + line)
            case .removed(let line): Line("- " + line, style: theme[.error])
            case .added(let line): Line("+ " + line, style: theme[.success])
            }
        }
        dialog(
            "\(id): - on disk, + your edits (Esc goes back to the choice)", lines: lines, scroll: scroll,
            selected: nil, size: Size(width: area.width - 4, height: area.height - 2), into: &buffer, area: area)
    }
}
