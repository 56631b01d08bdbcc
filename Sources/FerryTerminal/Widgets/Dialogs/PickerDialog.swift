/// A centred, fuzzy-filtered list to pick one row from (environments, requests, commands); its state is a
/// `PickerDialogState`.
///
/// ```
/// ╭ Environment ───────────╮
/// │ > stg                  │
/// │ ────────────────────── │
/// │ staging                │
/// ╰────────────────────────╯
/// ```
///
/// ```swift
/// let picker = PickerDialog(state: state.picker)
/// picker.render(into: &frame.buffer, area: frame.area)
/// frame.cursor = picker.cursorPosition(in: frame.area)
/// ```
public struct PickerDialog<Row: ListRow>: CursorWidget {
    /// The query and list.
    public var state: PickerDialogState<Row>
    /// The style of the box.
    public var style: Style
    /// The style of the border and title.
    public var borderStyle: Style
    /// The style laid over the selected row.
    public var selectedStyle: Style
    /// The style laid over matched characters.
    public var matchStyle: Style

    /// Creates a picker dialog.
    public init(
        state: PickerDialogState<Row>, style: Style = .plain, borderStyle: Style = Style(modifiers: .bold),
        selectedStyle: Style = Style(modifiers: .reverse), matchStyle: Style = Style(fg: .yellow, modifiers: .bold)
    ) {
        self.state = state
        self.style = style
        self.borderStyle = borderStyle
        self.selectedStyle = selectedStyle
        self.matchStyle = matchStyle
    }

    /// Draws the dialog centred in `area` (the whole screen).
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        let box = state.frame(in: area)
        guard !box.isEmpty else { return }
        let inner = DialogFrame.draw(title: state.title, in: &buffer, area: box, style: style, borderStyle: borderStyle)
            .inset(horizontal: 1, vertical: 0)
        let areas = state.areas(in: area)
        buffer.set(string: "> ", at: inner.origin, style: style.patched(with: borderStyle), clippedTo: inner)
        TextField(state: state.query, style: style).render(into: &buffer, area: areas.query)
        if inner.height > 1 {
            let rule = String(repeating: "─", count: inner.width)
            buffer.set(
                string: rule, at: Position(x: inner.x, y: inner.y + 1), style: style.adding(.dim), clippedTo: inner)
        }
        ListView(
            state: state.list, style: style, selectedStyle: selectedStyle, matchStyle: matchStyle,
            placeholder: "No matches"
        ).render(into: &buffer, area: areas.list)
    }

    /// Where the terminal's cursor belongs (in the query field).
    public func cursorPosition(in area: Rect) -> Position? {
        state.query.cursorPosition(in: state.areas(in: area).query)
    }
}
