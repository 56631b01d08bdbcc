/// Where a modal dialog goes and how its box is drawn (shared by every dialog).
public enum DialogFrame {
    /// A box of at most `width` × `height` centred in `screen`, leaving a one-cell margin where it can.
    public static func area(width: Int, height: Int, in screen: Rect) -> Rect {
        let maximumWidth = screen.width > 4 ? screen.width - 2 : screen.width
        let maximumHeight = screen.height > 4 ? screen.height - 2 : screen.height
        return screen.centered(Size(width: min(width, maximumWidth), height: min(height, maximumHeight)))
    }

    /// Clears `area` and draws a focused, rounded box titled `title`; returns the inside.
    @discardableResult
    public static func draw(title: String, in buffer: inout ScreenBuffer, area: Rect, style: Style, borderStyle: Style)
        -> Rect
    {
        Clear(style: style).render(into: &buffer, area: area)
        let block = Block(
            title: Line(" " + title + " "), borderType: .rounded, focusedBorderType: .rounded, borderStyle: borderStyle,
            focusedBorderStyle: borderStyle, style: style, isFocused: true)
        block.render(into: &buffer, area: area)
        return block.inner(area)
    }
}
