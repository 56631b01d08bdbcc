/// A centred box asking for one line of text; its state is a `PromptDialogState`.
///
/// ```swift
/// let prompt = PromptDialog(state: state.rename)
/// prompt.render(into: &frame.buffer, area: frame.area)
/// frame.cursor = prompt.cursorPosition(in: frame.area)
/// ```
public struct PromptDialog: CursorWidget {
    /// The title, label and field.
    public var state: PromptDialogState
    /// The style of the box.
    public var style: Style
    /// The style of the border and title.
    public var borderStyle: Style
    /// The style of the field.
    public var fieldStyle: Style

    /// Creates a prompt dialog.
    public init(
        state: PromptDialogState, style: Style = .plain, borderStyle: Style = Style(modifiers: .bold),
        fieldStyle: Style = Style(modifiers: .underline)
    ) {
        self.state = state
        self.style = style
        self.borderStyle = borderStyle
        self.fieldStyle = fieldStyle
    }

    /// Draws the dialog centred in `area` (the whole screen).
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        let box = state.frame(in: area)
        guard !box.isEmpty else { return }
        let inner = DialogFrame.draw(title: state.title, in: &buffer, area: box, style: style, borderStyle: borderStyle)
        if !state.label.isEmpty {
            Line(state.label, style: style).render(into: &buffer, area: inner.inset(horizontal: 1, vertical: 0))
        }
        TextField(state: state.field, style: style.patched(with: fieldStyle), placeholder: state.placeholder)
            .render(into: &buffer, area: state.fieldArea(in: area))
    }

    /// Where the terminal's cursor belongs.
    public func cursorPosition(in area: Rect) -> Position? {
        state.field.cursorPosition(in: state.fieldArea(in: area))
    }
}
