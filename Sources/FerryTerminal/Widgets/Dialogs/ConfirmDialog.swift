/// A centred yes/no question over a cleared area; its state is a `ConfirmDialogState`.
///
/// ```
/// ╭ Delete request ─────────────────╮
/// │ Delete “Get users”?             │
/// │                                 │
/// │        [ Yes ]  [ No ]          │
/// ╰─────────────────────────────────╯
/// ```
///
/// ```swift
/// ConfirmDialog(state: confirm).render(into: &buffer, area: screen)   // draw last, over everything
/// ```
public struct ConfirmDialog: Widget {
    /// The question and selected button.
    public var state: ConfirmDialogState
    /// The style of the box.
    public var style: Style
    /// The style of the border and title.
    public var borderStyle: Style
    /// The style laid over the selected button.
    public var selectedStyle: Style

    /// Creates a confirmation dialog.
    public init(
        state: ConfirmDialogState, style: Style = .plain, borderStyle: Style = Style(modifiers: .bold),
        selectedStyle: Style = Style(modifiers: [.reverse, .bold])
    ) {
        self.state = state
        self.style = style
        self.borderStyle = borderStyle
        self.selectedStyle = selectedStyle
    }

    /// Draws the dialog centred in `area` (the whole screen).
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        let box = state.frame(in: area)
        guard !box.isEmpty else { return }
        let inner = DialogFrame.draw(title: state.title, in: &buffer, area: box, style: style, borderStyle: borderStyle)
        let message = inner.inset(horizontal: 1, vertical: 0)
        Paragraph(text: Text(state.message), style: style, wrap: true).render(
            into: &buffer, area: message.rows(message.y, count: max(0, inner.height - 2)))
        let buttons = state.buttons(in: area)
        for (label, rect, isSelected) in [
            (state.confirmLabel, buttons.confirm, state.isConfirmSelected),
            (state.cancelLabel, buttons.cancel, !state.isConfirmSelected),
        ] {
            let buttonStyle = isSelected ? style.patched(with: selectedStyle) : style
            buffer.set(string: "[ " + label + " ]", at: rect.origin, style: buttonStyle, clippedTo: inner)
        }
    }
}
