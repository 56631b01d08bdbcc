/// Styled text in an area, optionally word-wrapped and scrolled.
///
/// ```swift
/// Paragraph(text: Text(responseBody), wrap: true, scroll: 3).render(into: &buffer, area: body)
/// ```
public struct Paragraph: Widget, Hashable, Sendable {
    /// The text.
    public var text: Text
    /// The style under the whole area.
    public var style: Style
    /// The alignment of lines that do not set their own.
    public var alignment: Alignment
    /// Whether long lines wrap at word boundaries (else they are clipped).
    public var wrap: Bool
    /// Rows scrolled off the top (after wrapping).
    public var scroll: Int

    /// Creates a paragraph.
    public init(text: Text, style: Style = .plain, alignment: Alignment = .left, wrap: Bool = false, scroll: Int = 0) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.wrap = wrap
        self.scroll = scroll
    }

    /// Creates a paragraph of plain text.
    public init(_ string: String, style: Style = .plain, wrap: Bool = false) {
        self.init(text: Text(string), style: style, wrap: wrap)
    }

    // MARK: - Drawing

    /// Fills `area` with `style` and draws the visible rows.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard let area = buffer.blankedWidgetArea(area, style: style) else { return }
        let rows = wrap ? text.lines.flatMap { Self.wrapped($0, width: area.width) } : text.lines
        var y = area.y
        for line in rows.dropFirst(max(0, scroll)) {
            if y >= area.bottom { break }
            var styled = line
            styled.style = style.patched(with: line.style)
            styled.render(into: &buffer, area: area.rows(y, count: 1), alignment: alignment)
            y += 1
        }
    }

    /// `line` broken into lines of at most `width` columns, at spaces where possible.
    public static func wrapped(_ line: Line, width: Int) -> [Line] {
        guard width > 0, line.width > width else { return [line] }
        // Flatten into safe characters with their span style and width.
        var pieces: [(character: Character, style: Style, width: Int)] = []
        pieces.reserveCapacity(line.spans.reduce(0) { $0 + $1.content.utf8.count })
        for span in line.spans {
            if CharacterWidth.printableASCIILength(of: span.content) != nil {
                // A column a byte, nothing to escape: no need to break it into characters.
                for byte in span.content.utf8 { pieces.append((Character(Unicode.Scalar(byte)), span.style, 1)) }
                continue
            }
            for character in SafeText.sanitized(span.content) {
                pieces.append((character, span.style, max(1, CharacterWidth.columns(of: character))))
            }
        }
        var result: [Line] = []
        var start = 0
        while start < pieces.count {
            var used = 0
            var end = start
            var lastSpace = -1
            while end < pieces.count && used + pieces[end].width <= width {
                if pieces[end].character == " " { lastSpace = end }
                used += pieces[end].width
                end += 1
            }
            if end < pieces.count && lastSpace > start { end = lastSpace + 1 }
            if end == start { end = start + 1 }
            result.append(makeLine(pieces[start..<end], template: line))
            start = end
        }
        return result
    }

    private static func makeLine(_ pieces: ArraySlice<(character: Character, style: Style, width: Int)>, template: Line)
        -> Line
    {
        var spans: [Span] = []
        for piece in pieces {
            if let last = spans.last, last.style == piece.style {
                spans[spans.count - 1].content.append(piece.character)
            } else {
                spans.append(Span(String(piece.character), style: piece.style))
            }
        }
        return Line(spans, style: template.style, alignment: template.alignment)
    }
}
