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
public typealias TextField = TextEditorView<TextFieldLayout>

/// The layout of a `TextField`: the text takes the first row of the area.
public enum TextFieldLayout: TextEditorLayout {
    /// The first row of `area`.
    public static func textArea(in area: Rect) -> Rect { area.rows(area.y, count: 1) }
}
