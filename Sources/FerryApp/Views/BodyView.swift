import FerryJSON
import FerryTerminal
import Foundation

/// The response body: a JSON tree, numbered text lines, or a hex dump, drawn by `TextView` with the body's
/// cursor line highlighted; only the visible rows are built.
struct BodyView: Widget {
    /// The exchange whose body is drawn.
    let exchange: Exchange
    /// The colours.
    let theme: Theme
    /// Whether the pane has the keyboard (the cursor row is highlighted only then, dimmed otherwise).
    let isFocused: Bool
    /// Whether long lines wrap (else they are cut with `…` and scroll sideways).
    var wraps = false

    /// Draws the visible rows into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        switch exchange.body {
        case .parsing:
            Line("Preparing the body…", style: theme[.muted]).render(into: &buffer, area: area.rows(area.y, count: 1))
        case .empty:
            Line("No body.", style: theme[.muted]).render(into: &buffer, area: area.rows(area.y, count: 1))
        case .json(let tree):
            textView(JSONTreeLines(tree: tree, matches: Set(exchange.viewport.matches), theme: theme), numbered: false)
                .render(into: &buffer, area: area)
        case .text(let text):
            textView(textLines(text), numbered: true)
                .render(into: &buffer, area: below(note: text.note, in: area, &buffer))
        case .binary(let hex):
            let lines = HexDumpLines(hex: hex, width: area.width, theme: theme)
            textView(lines, numbered: false).render(into: &buffer, area: below(note: hex.note, in: area, &buffer))
        }
    }

    /// The column the body's lines are drawn from in `area`: the viewport's, stopped where the longest line in
    /// view ends (0 for a hex dump, which always fits).
    func shownColumn(in area: Rect) -> Int {
        switch exchange.body {
        case .json(let tree):
            textView(JSONTreeLines(tree: tree, matches: [], theme: theme), numbered: false).shownColumn(in: area)
        case .text(let text):
            textView(textLines(text), numbered: true)
                .shownColumn(in: text.note == nil ? area : area.rows(area.y + 1, count: max(0, area.height - 1)))
        case .binary, .parsing, .empty:
            0
        }
    }

    /// The lines of a text body, highlighted as its media type says, matches marked.
    private func textLines(_ text: TextBody) -> TextBodyLines {
        let language = SyntaxHighlighter.Language(mediaType: (exchange.response ?? exchange.head)?.mediaType?.essence)
        return TextBodyLines(
            text: text, matches: Set(exchange.viewport.matches), theme: theme,
            highlighter: SyntaxHighlighter(language: language, theme: theme))
    }

    /// `lines` scrolled to the body's scroll position, with its cursor line.
    private func textView<Source: TextLineSource>(_ lines: Source, numbered: Bool) -> TextView<Source> {
        var view = TextView(
            source: lines, top: exchange.viewport.scroll, cursorLine: exchange.viewport.cursor,
            cursorStyle: isFocused ? theme[.selection] : theme[.selection].adding(.dim),
            lineNumberStyle: numbered ? theme[.muted] : nil)
        view.column = exchange.viewport.column
        view.wraps = wraps
        view.cutMarkStyle = theme[.muted]
        return view
    }

    /// Draws `note` (if any) on the first row of `area` and returns the rows below it (all of `area` without one).
    private func below(note: String?, in area: Rect, _ buffer: inout ScreenBuffer) -> Rect {
        guard let note else { return area }
        Line("⚠ " + note, style: theme[.warning]).render(into: &buffer, area: area.rows(area.y, count: 1))
        return Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
    }
}
