/// A single-line text editor: draws a `TextEditorState` on one row, scrolled sideways to keep the cursor in
/// view, with the selection highlighted and a placeholder when empty.
///
/// The widget does not draw a cursor: put the terminal's cursor at `cursorPosition(in:)`.
///
/// ```swift
/// var url = TextEditorState(text: "https://httpbin.org/get")
/// _ = url.handle(event, area: urlArea)
/// let field = TextField(state: url, placeholder: "https://…")
/// field.render(into: &frame.buffer, area: urlArea)
/// frame.cursor = field.cursorPosition(in: urlArea)
/// ```
public struct TextField: Widget {
    /// The text, cursor, selection and scroll position.
    public var state: TextEditorState
    /// The style of the field and its text.
    public var style: Style
    /// The style laid over selected text.
    public var selectionStyle: Style
    /// Shown (in `placeholderStyle`) while the text is empty.
    public var placeholder: String
    /// The style laid over the placeholder.
    public var placeholderStyle: Style

    /// Creates a text field.
    public init(
        state: TextEditorState, style: Style = .plain, selectionStyle: Style = Style(modifiers: .reverse),
        placeholder: String = "", placeholderStyle: Style = Style(modifiers: .dim)
    ) {
        self.state = state
        self.style = style
        self.selectionStyle = selectionStyle
        self.placeholder = placeholder
        self.placeholderStyle = placeholderStyle
    }

    // MARK: - Drawing

    /// Draws the field on the first row of `area`.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        TextEditorRendering.render(
            state, into: &buffer, area: area.rows(area.y, count: 1), style: style, selectionStyle: selectionStyle,
            placeholder: placeholder, placeholderStyle: placeholderStyle)
    }

    /// Where the terminal's cursor belongs when the field is drawn in `area`.
    public func cursorPosition(in area: Rect) -> Position? {
        state.cursorPosition(in: area.rows(area.y, count: 1))
    }
}
