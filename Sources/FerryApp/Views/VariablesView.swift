import FerryTerminal

/// The variables view: one line per variable (name, value, origin), values made safe to draw and cut with
/// `…` to the width left for them.
struct VariablesView: Widget {
    /// The rows, values already masked.
    let rows: [VariableRow]
    /// The first row shown, which is the selected one (Enter edits it).
    let scroll: Int
    /// The active environment's name, for the title.
    let environment: String?
    /// The colours.
    let theme: Theme

    /// Draws the view over `area` (the whole screen), centred with a margin.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let rect = area.centered(Size(width: max(20, area.width - 6), height: max(3, area.height - 4)))
        let title = "Variables of \(environment.map { "environment \($0)" } ?? "no environment") (Esc closes)"
        let block = Block(
            title: Line(" \(SafeText.sanitized(title)) "), borderStyle: theme[.focusedBorder],
            focusedBorderStyle: theme[.focusedBorder], style: theme[.background], isFocused: true)
        block.render(into: &buffer, area: rect)
        let inner = block.inner(rect)
        guard inner.height >= 1 else { return }
        if rows.isEmpty {
            Line("No variables: no environment is chosen and no script has set a global.", style: theme[.muted])
                .render(into: &buffer, area: inner.rows(inner.y, count: 1))
            return
        }
        let names = rows.map { Self.cut(SafeText.sanitized($0.name), to: 24) }
        let origins = rows.map { Self.cut(SafeText.sanitized($0.origin), to: 32) }
        let nameWidth = names.map { CharacterWidth.columns(of: $0) }.max() ?? 0
        let originWidth = origins.map { CharacterWidth.columns(of: $0) }.max() ?? 0
        let valueWidth = max(1, inner.width - nameWidth - originWidth - 4)
        for (offset, index) in rows.indices.dropFirst(scroll).prefix(inner.height).enumerated() {
            let value = Self.cut(SafeText.sanitized(rows[index].value), to: valueWidth)
            let selected = index == scroll
            Line([
                Span(
                    Self.padded(names[index], to: nameWidth + 2), style: selected ? theme[.selection] : theme[.accent]),
                Span(Self.padded(value, to: valueWidth + 2), style: selected ? theme[.selection] : theme[.text]),
                Span(origins[index], style: selected ? theme[.selection] : theme[.muted]),
            ]).render(into: &buffer, area: inner.rows(inner.y + offset, count: 1))
        }
    }

    /// `text` cut to at most `columns` terminal columns, ending in `…` when it was longer.
    static func cut(_ text: String, to columns: Int) -> String {
        guard CharacterWidth.columns(of: text) > columns else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let width = CharacterWidth.columns(of: character)
            if used + width > columns - 1 { break }
            kept.append(character)
            used += width
        }
        return kept + "…"
    }

    /// `text` followed by spaces up to `columns` terminal columns.
    private static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - CharacterWidth.columns(of: text)))
    }
}
