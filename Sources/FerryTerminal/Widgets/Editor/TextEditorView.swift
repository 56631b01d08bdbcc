/// A text editor widget: draws a `TextEditorState` scrolled to keep the cursor in view, with the selection
/// highlighted and a placeholder when empty. `Layout` says which part of the area it draws in: use it as
/// `TextField` (one row) or `TextArea` (every row).
///
/// The widget does not draw a cursor: put the terminal's cursor at `cursorPosition(in:)`.
public struct TextEditorView<Layout: TextEditorLayout>: CursorWidget {
    /// The text, cursor, selection and scroll position.
    public var state: TextEditorState
    /// The style of the editor and its text.
    public var style: Style
    /// The style laid over selected text.
    public var selectionStyle: Style
    /// Shown (in `placeholderStyle`) while the text is empty.
    public var placeholder: String
    /// The style laid over the placeholder.
    public var placeholderStyle: Style
    /// Colours a line (syntax highlighting): a style per character of the line, asked only for the lines on
    /// screen; `nil` draws every character in `style`.
    public var characterStyles: (@Sendable ([Character]) -> [Style])?

    /// Creates a text editor widget.
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

    /// Draws the visible lines into the part of `area` that `Layout` gives the text.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        TextEditorRendering.render(
            state, into: &buffer, area: Layout.textArea(in: area), style: style, selectionStyle: selectionStyle,
            placeholder: placeholder, placeholderStyle: placeholderStyle, characterStyles: characterStyles)
    }

    /// Where the terminal's cursor belongs when the text is drawn in `area`.
    public func cursorPosition(in area: Rect) -> Position? {
        state.cursorPosition(in: Layout.textArea(in: area))
    }
}
