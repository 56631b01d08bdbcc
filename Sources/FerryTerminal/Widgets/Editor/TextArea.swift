/// A multi-line text editor: draws a `TextEditorState` (created with `isMultiline: true`) scrolled to keep the
/// cursor in view, with the selection highlighted and a placeholder when empty. Lines are not wrapped; long
/// lines scroll sideways.
///
/// ```swift
/// var body = TextEditorState(text: "{\n  \"name\": \"ferry\"\n}", isMultiline: true)
/// _ = body.handle(event, area: bodyArea)
/// let editor = TextArea(state: body)
/// editor.render(into: &frame.buffer, area: bodyArea)
/// frame.cursor = editor.cursorPosition(in: bodyArea)
/// ```
public struct TextArea: Widget {
    /// The text, cursor, selection and scroll position.
    public var state: TextEditorState
    /// The style of the area and its text.
    public var style: Style
    /// The style laid over selected text.
    public var selectionStyle: Style
    /// Shown (in `placeholderStyle`) while the text is empty.
    public var placeholder: String
    /// The style laid over the placeholder.
    public var placeholderStyle: Style

    /// Creates a text area.
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

    /// Draws the visible lines into `area`.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        TextEditorRendering.render(
            state, into: &buffer, area: area, style: style, selectionStyle: selectionStyle, placeholder: placeholder,
            placeholderStyle: placeholderStyle)
    }

    /// Where the terminal's cursor belongs when the text is drawn in `area`.
    public func cursorPosition(in area: Rect) -> Position? {
        state.cursorPosition(in: area)
    }
}
