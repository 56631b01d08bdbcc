extension Line {
    /// The columns `start ..< start + width` of the line, as drawn (control characters escaped, tabs as
    /// spaces), with `…` in `marker` at an edge where the line goes on past the window; `nil` marks nothing.
    ///
    /// Only the characters up to the window's right edge are read, so a window on a long line costs its
    /// width, not the line's length.
    ///
    /// ```swift
    /// Line("a long header value").window(from: 2, width: 8, marker: theme[.muted])  // "…ong he…"
    /// ```
    public func window(from start: Int, width: Int, marker: Style?) -> Line {
        let start = max(0, start)
        guard width > 0 else { return Line([], style: style, alignment: alignment) }
        let whole = cut(from: start, width: width)
        guard let marker, whole.isCutLeft || whole.isCutRight, width > 2 else {
            return Line(whole.spans, style: style, alignment: alignment)
        }
        let left = whole.isCutLeft ? 1 : 0
        let right = whole.isCutRight ? 1 : 0
        var spans = cut(from: start + left, width: width - left - right).spans
        if whole.isCutLeft { spans.insert(Span("…", style: marker), at: 0) }
        if whole.isCutRight {
            // Pad to the edge when a wide character did not fit, so the mark sits in the last column.
            let used = spans.reduce(0) { $0 + $1.width }
            if used < width - 1 { spans.append(Span(String(repeating: " ", count: width - 1 - used))) }
            spans.append(Span("…", style: marker))
        }
        return Line(spans, style: style, alignment: alignment)
    }

    /// Whether the line is wider than `width` columns once drawn (read only up to that width).
    public func isWider(than width: Int) -> Bool { cut(from: 0, width: max(0, width)).isCutRight }

    /// The first `width` columns of the line as drawn, unmarked, and whether it goes on past them: one pass
    /// over those columns only.
    func leadingColumns(_ width: Int) -> (line: Line, goesOn: Bool) {
        let whole = cut(from: 0, width: max(0, width))
        return (Line(whole.spans, style: style, alignment: alignment), whole.isCutRight)
    }

    /// The spans of the columns `start ..< start + width`, and whether anything lies left or right of them.
    private func cut(from start: Int, width: Int) -> (spans: [Span], isCutLeft: Bool, isCutRight: Bool) {
        let end = start + width
        var result: [Span] = []
        var column = 0
        var isCutRight = false
        outer: for span in spans {
            if let shown = Self.printableASCIIPrefix(of: span.content, columns: end - column) {
                // The common case, a column a byte: sliced without breaking the text into characters.
                let length = shown.utf8.count
                let skipped = min(length, max(0, start - column))
                if skipped < length {
                    let from = shown.utf8.index(shown.startIndex, offsetBy: skipped)
                    result.append(Span(String(shown[from...]), style: span.style))
                }
                column += length
                if shown.endIndex < span.content.endIndex {
                    isCutRight = true
                    break
                }
                continue
            }
            var piece = ""
            for character in span.content {
                let shown = Self.drawn(character, at: column)
                for visible in shown {
                    let columns = max(1, CharacterWidth.columns(of: visible))
                    if column + columns > end {
                        isCutRight = true
                        if !piece.isEmpty { result.append(Span(piece, style: span.style)) }
                        break outer
                    }
                    if column >= start {
                        piece.append(visible)
                    } else if column + columns > start {
                        // A wide character cut by the left edge: its visible half as a blank.
                        piece.append(" ")
                    }
                    column += columns
                }
            }
            if !piece.isEmpty { result.append(Span(piece, style: span.style)) }
        }
        return (result, start > 0 && column > 0, isCutRight)
    }

    /// The first `columns` bytes of `text` (all of it when shorter) when they are printable ASCII and the text
    /// does not go on with a byte that could change the last of them (a combining mark); `nil` otherwise.
    private static func printableASCIIPrefix(of text: String, columns: Int) -> Substring? {
        let bytes = text.utf8
        let end = bytes.index(bytes.startIndex, offsetBy: max(0, columns), limitedBy: bytes.endIndex) ?? bytes.endIndex
        let prefix = bytes[bytes.startIndex..<end]
        guard prefix.allSatisfy(CharacterWidth.isPrintableASCII) else { return nil }
        if end < bytes.endIndex, !CharacterWidth.isPrintableASCII(bytes[end]) { return nil }
        return text[..<end]
    }

    /// `character` as the screen shows it at `column`: a tab as spaces to the next tab stop, a control or
    /// format character as its visible escape, anything else as itself.
    private static func drawn(_ character: Character, at column: Int) -> String {
        if character == "\t" {
            let width = ScreenBuffer.tabWidth
            return String(repeating: " ", count: width - column % width)
        }
        return SafeText.escape(character) ?? String(character)
    }
}
