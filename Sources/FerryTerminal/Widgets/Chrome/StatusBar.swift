/// The bar at the bottom of the screen: spans on the left (mode, messages) and on the right (key hints,
/// environment), the right side winning when both do not fit.
///
/// ```swift
/// let hints = StatusBar.hints(keyMap.activeBindings(in: ["list"]), keyStyle: theme[.accent])
/// StatusBar(left: [Span(" NORMAL ", style: theme[.accent])], right: hints, style: theme[.statusBar])
///     .render(into: &buffer, area: screen.rows(screen.bottom - 1, count: 1))
/// ```
public struct StatusBar: Widget, Hashable, Sendable {
    /// Spans drawn from the left edge.
    public var left: [Span]
    /// Spans drawn against the right edge.
    public var right: [Span]
    /// The style of the whole bar.
    public var style: Style

    /// Creates a status bar.
    public init(left: [Span] = [], right: [Span] = [], style: Style = Style(modifiers: .reverse)) {
        self.left = left
        self.right = right
        self.style = style
    }

    // MARK: - Key hints

    /// Key hints as spans: each key in `keyStyle` followed by its help text, separated by two spaces.
    ///
    /// `StatusBar.hints([("^S", "send"), ("q", "quit")])` reads `^S send  q quit`.
    public static func hints(_ hints: [(key: String, help: String)], keyStyle: Style = Style(modifiers: .bold))
        -> [Span]
    {
        var spans: [Span] = []
        for (offset, hint) in hints.enumerated() {
            if offset > 0 { spans.append(Span("  ")) }
            spans.append(Span(hint.key, style: keyStyle))
            spans.append(Span(" " + hint.help))
        }
        return spans
    }

    /// Key hints for `bindings` (see `hints(_:keyStyle:)`), keys written as `KeyEvent.displayName`.
    public static func hints(_ bindings: [KeyBinding], keyStyle: Style = Style(modifiers: .bold)) -> [Span] {
        hints(bindings.map { (key: $0.key.displayName, help: $0.help) }, keyStyle: keyStyle)
    }

    // MARK: - Drawing

    /// Draws the bar on the first row of `area`.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        let row = area.intersection(buffer.area).rows(area.y, count: 1)
        guard !row.isEmpty else { return }
        buffer.fill(row, with: .blank(style))
        let rightLine = Line(right, style: style)
        let rightWidth = min(rightLine.width, row.width)
        let leftArea = row.columns(row.x, count: row.width - rightWidth - (rightWidth > 0 ? 1 : 0))
        Line(left, style: style).render(into: &buffer, area: leftArea, alignment: .left)
        rightLine.render(into: &buffer, area: row.columns(row.right - rightWidth, count: rightWidth), alignment: .left)
    }
}
