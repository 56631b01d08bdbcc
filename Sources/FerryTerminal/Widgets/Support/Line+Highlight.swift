extension Line {
    /// Draws the line as the selected row of a list: the whole row filled with `style`, whose background is
    /// laid under every span (keeping the spans' colours), and all of it in `style` when `style` reverses.
    public func render(into buffer: inout ScreenBuffer, area: Rect, highlightedWith style: Style) {
        let row = area.rows(area.y, count: 1)
        buffer.fill(row, with: .blank(style))
        var selected = self
        for index in selected.spans.indices { selected.spans[index].style.bg = style.bg }
        if style.modifiers.contains(.reverse) { selected.style = style }
        selected.render(into: &buffer, area: row)
    }
}
