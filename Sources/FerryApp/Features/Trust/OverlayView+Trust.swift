import FerryTerminal

// MARK: - The trust question

extension OverlayView {
    /// Draws the trust question: what the workspace's files would do once trusted and which scripts they run,
    /// escaped (the paths are the files' own text), with the answers in the title.
    func renderTrust(_ question: TrustFeature.State, into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        let lines = question.lines.map { Line(SafeText.sanitized($0), style: theme[.text]) }
        dialog(
            "Trust this workspace? y trusts it, n keeps it in safe mode", lines: lines, scroll: question.scroll,
            selected: nil, size: Size(width: area.width - 4, height: min(area.height - 2, lines.count + 2)),
            into: &buffer, area: area)
    }
}
