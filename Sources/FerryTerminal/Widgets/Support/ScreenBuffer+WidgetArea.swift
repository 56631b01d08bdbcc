extension ScreenBuffer {
    // MARK: - Preparing a widget's area (widget internals)

    /// Clips `area` to the buffer and fills it with blanks in `style`, as a widget does before drawing; returns
    /// the clipped area, or `nil` when none of it is on screen (then nothing is drawn).
    mutating func blankedWidgetArea(_ area: Rect, style: Style) -> Rect? {
        let area = area.intersection(self.area)
        guard !area.isEmpty else { return nil }
        fill(area, with: .blank(style))
        return area
    }
}
