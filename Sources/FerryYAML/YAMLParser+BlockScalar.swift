// MARK: - Literal and folded block scalars

extension YAMLParser {
    /// How a block scalar treats its final line breaks.
    enum Chomping {
        /// `-`: none kept.
        case strip
        /// The default: one kept.
        case clip
        /// `+`: all kept.
        case keep
    }

    /// Reads a `|` or `>` block scalar with its chomping and indentation indicators; the scalar's lines
    /// must be indented more than `parentIndent`.
    mutating func parseBlockScalar(parentIndent: Int) throws(YAMLError) -> String {
        let literal = peek() == UInt8(ascii: "|")
        pos += 1
        var chomping = Chomping.clip
        var explicitIndent: Int?
        for _ in 0..<2 {
            let byte = peek()
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                chomping = byte == UInt8(ascii: "-") ? .strip : .keep
                pos += 1
            } else if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") {
                explicitIndent = Int(byte - UInt8(ascii: "0"))
                pos += 1
            }
        }
        skipSpaces()
        guard atLineEndOrComment else { throw error("expected a line break after the block scalar's header") }
        skipToLineEnd()
        guard pos < bytes.count else { return "" }
        pos += 1

        var indent = explicitIndent.map { max(parentIndent, 0) + $0 }
        var lines: [ArraySlice<UInt8>] = []
        while pos < bytes.count {
            let lineBegin = pos
            var spaces = 0
            while lineBegin + spaces < bytes.count, bytes[lineBegin + spaces] == UInt8(ascii: " ") { spaces += 1 }
            var lineEnd = lineBegin + spaces
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let blank = bytes[(lineBegin + spaces)..<lineEnd].allSatisfy { $0 == UInt8(ascii: " ") || $0 == 0x09 }
            if indent == nil, !blank {
                guard spaces > parentIndent else { break }
                indent = spaces
            }
            if spaces == 0, isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) { break }
            if let indent, spaces >= indent {
                lines.append(bytes[(lineBegin + indent)..<lineEnd])
            } else if blank {
                lines.append([])
            } else {
                break
            }
            pos = min(lineEnd + 1, bytes.count)
            if lineEnd >= bytes.count { break }
        }
        // A line that ended the scalar starts again at its beginning.
        if pos < bytes.count, pos > 0, bytes[pos - 1] != UInt8(ascii: "\n") { pos = lineStart(of: pos) }

        var contentCount = lines.count
        while contentCount > 0, lines[contentCount - 1].isEmpty { contentCount -= 1 }
        let trailing = lines.count - contentCount
        var text = literal ? joinLiteral(lines[0..<contentCount]) : joinFolded(lines[0..<contentCount])
        switch chomping {
        case .strip: break
        case .clip: if contentCount > 0 { text.append(UInt8(ascii: "\n")) }
        case .keep: text += [UInt8](repeating: UInt8(ascii: "\n"), count: trailing + (contentCount > 0 ? 1 : 0))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Literal lines joined by line breaks.
    private func joinLiteral(_ lines: ArraySlice<ArraySlice<UInt8>>) -> [UInt8] {
        var text: [UInt8] = []
        for (offset, line) in lines.enumerated() {
            if offset > 0 { text.append(UInt8(ascii: "\n")) }
            text += line
        }
        return text
    }

    /// Folded lines: a single break between two plain lines becomes a space, empty lines become breaks, and
    /// lines indented further (or starting with a tab) keep their breaks.
    private func joinFolded(_ lines: ArraySlice<ArraySlice<UInt8>>) -> [UInt8] {
        var text: [UInt8] = []
        var previousWasText: Bool?
        var emptyLines = 0
        for line in lines {
            guard !line.isEmpty else {
                emptyLines += 1
                continue
            }
            let isMoreIndented = line.first == UInt8(ascii: " ") || line.first == 0x09
            if let previous = previousWasText {
                if previous && !isMoreIndented {
                    text += emptyLines == 0 ? [UInt8(ascii: " ")] : [UInt8](repeating: 10, count: emptyLines)
                } else {
                    text += [UInt8](repeating: UInt8(ascii: "\n"), count: emptyLines + 1)
                }
            } else {
                text += [UInt8](repeating: UInt8(ascii: "\n"), count: emptyLines)
            }
            text += line
            emptyLines = 0
            previousWasText = !isMoreIndented
        }
        return text
    }
}
