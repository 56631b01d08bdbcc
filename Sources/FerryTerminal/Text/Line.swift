/// One line of styled text: spans drawn left to right.
///
/// ```swift
/// let line = Line([Span("200", style: Style(fg: .green)), " OK"])
/// line.render(into: &buffer, area: statusArea)
/// ```
public struct Line: Hashable, Sendable, ExpressibleByStringLiteral, Widget {
    /// The spans in order.
    public var spans: [Span]
    /// The style under every span.
    public var style: Style
    /// The horizontal placement; `nil` uses the container's.
    public var alignment: Alignment?

    /// Creates a line of `spans`.
    public init(_ spans: [Span], style: Style = .plain, alignment: Alignment? = nil) {
        self.spans = spans
        self.style = style
        self.alignment = alignment
    }

    /// Creates a line of one span of `text`.
    public init(_ text: String, style: Style = .plain, alignment: Alignment? = nil) {
        self.init([Span(text)], style: style, alignment: alignment)
    }

    /// Creates an unstyled line from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The columns the line takes once drawn.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The plain text of the line.
    public var plainText: String { spans.map(\.content).joined() }

    // MARK: - Drawing

    /// Draws the line on the first row of `area`, clipped to it, aligned by `alignment` (left by default).
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        render(into: &buffer, area: area, alignment: alignment ?? .left)
    }

    /// Draws the line on the first row of `area` with an explicit default alignment; returns the column after it.
    ///
    /// A line wider than `area` is cut with `…` in its last column, in the style of the text it replaces.
    @discardableResult
    public func render(into buffer: inout ScreenBuffer, area: Rect, alignment fallback: Alignment) -> Int {
        guard !area.isEmpty else { return area.x }
        let width = width
        let isCut = width > area.width
        let row = area.rows(area.y, count: 1)
        let clip = isCut ? Rect(x: row.x, y: row.y, width: row.width - 1, height: 1) : row
        var x = area.x
        switch alignment ?? fallback {
        case .left: break
        case .center: x += max(0, (area.width - width) / 2)
        case .right: x += max(0, area.width - width)
        }
        var cutStyle = style
        for span in spans {
            if x >= clip.right { break }
            cutStyle = style.patched(with: span.style)
            x = buffer.set(string: span.content, at: Position(x: x, y: area.y), style: cutStyle, clippedTo: clip)
        }
        guard isCut else { return x }
        buffer.set(string: "…", at: Position(x: clip.right, y: area.y), style: cutStyle, clippedTo: row)
        return row.right
    }
}
