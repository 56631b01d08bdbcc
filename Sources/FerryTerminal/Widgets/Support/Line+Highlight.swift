extension Line {
    /// Draws the line as the selected row of a list: the whole row filled with `style`, the spans on
    /// `style`'s background keeping their own colours, and text without a colour of its own in `style`'s.
    public func render(into buffer: inout ScreenBuffer, area: Rect, highlightedWith style: Style) {
        let row = area.rows(area.y, count: 1)
        buffer.fill(row, with: .blank(style))
        var selected = self
        selected.style = style
        for index in selected.spans.indices { selected.spans[index].style.bg = style.bg }
        selected.render(into: &buffer, area: row)
    }
}
