/// A widget that may place the terminal's text cursor, such as a field being typed in.
///
/// ```swift
/// frame.render(TextField(state: field), area: row)   // draws and puts the cursor in the field
/// ```
public protocol CursorWidget: Widget {
    /// Where the cursor belongs once the widget is drawn in `area`, or `nil` to hide it.
    func cursorPosition(in area: Rect) -> Position?
}

extension Frame {
    /// Draws `widget` into `area` and puts the cursor where the widget asks (hiding it if it asks for none).
    public mutating func render(_ widget: some CursorWidget, area: Rect) {
        widget.render(into: &buffer, area: area)
        cursor = widget.cursorPosition(in: area)
    }
}
