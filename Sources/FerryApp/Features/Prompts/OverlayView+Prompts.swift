import FerryTerminal

// MARK: - The # @prompt form

extension OverlayView {
    /// Draws the `# @prompt` form: per variable its description (or name) and its field, the focused one
    /// marked; a secret's field is one `•` per character, never its text. Names and descriptions are the
    /// file's text, so they are escaped.
    func renderPromptForm(_ form: PromptsFeature.Form, into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        var lines: [Line] = []
        for (index, field) in form.fields.enumerated() {
            let name = SafeText.sanitized(field.variable.name)
            let label = field.variable.description.map { SafeText.sanitized($0) + " ({{\(name)}})" } ?? "{{\(name)}}"
            let secret = field.variable.isSecret ? "  (secret: not shown, masked in the history)" : ""
            lines.append(Line([Span(label, style: theme[.text]), Span(secret, style: theme[.muted])]))
            let shown = field.variable.isSecret ? MaskedText.masked(field.text) : SafeText.sanitized(field.text)
            let marker = index == form.focus ? "▸ " : "  "
            lines.append(Line(marker + shown, style: index == form.focus ? theme[.accent] : theme[.muted]))
        }
        dialog(
            Self.promptFormTitle(form), lines: lines, scroll: Self.promptFormScroll(form, in: area), selected: nil,
            size: Self.promptFormSize(form, in: area), into: &buffer, area: area)
    }

    /// The text cursor of the focused field, after what is typed.
    func promptFormCursor(_ form: PromptsFeature.Form, in area: Rect) -> Position? {
        guard form.fields.indices.contains(form.focus) else { return nil }
        let rect = Self.dialogRect(Self.promptFormSize(form, in: area), in: area)
        let row = 2 * form.focus + 1 - Self.promptFormScroll(form, in: area)
        return Position(x: rect.x + 3 + form.fields[form.focus].text.count, y: rect.y + 1 + row)
    }

    /// The form's title: what is sent, copied or run, and the keys.
    static func promptFormTitle(_ form: PromptsFeature.Form) -> String {
        form.purpose.title + ", Esc cancels, ↑↓ Tab move)"
    }

    /// The form's size: two rows per field, at most the screen less a margin.
    static func promptFormSize(_ form: PromptsFeature.Form, in area: Rect) -> Size {
        Size(width: signInWidth(in: area), height: min(max(3, area.height - 2), 2 * form.fields.count + 2))
    }

    /// The first row shown, so that the focused field's text row is in view.
    static func promptFormScroll(_ form: PromptsFeature.Form, in area: Rect) -> Int {
        let inner = promptFormSize(form, in: area).height - 2
        return max(0, 2 * form.focus + 2 - inner)
    }
}
