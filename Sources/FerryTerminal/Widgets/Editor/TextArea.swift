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
public typealias TextArea = TextEditorView<TextAreaLayout>

/// The layout of a `TextArea`: the text takes the whole area.
public enum TextAreaLayout: TextEditorLayout {
    /// The whole of `area`.
    public static func textArea(in area: Rect) -> Rect { area }
}
