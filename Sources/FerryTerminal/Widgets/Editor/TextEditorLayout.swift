/// Which part of the area a `TextEditorView` draws its text in: the one difference between a `TextField`
/// and a `TextArea`.
public protocol TextEditorLayout {
    /// The part of `area` that shows the text.
    static func textArea(in area: Rect) -> Rect
}
