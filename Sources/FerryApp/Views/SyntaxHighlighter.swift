import FerryJSON
import FerryTerminal

/// Colours one line of a body by its language, with the theme's roles: JSON from FerryJSON's lexer (keys,
/// strings, numbers, literals, punctuation), XML and HTML (tags, attributes, values, comments) and header
/// lines (name, value). Each line is read on its own, so only the lines on screen are ever highlighted.
struct SyntaxHighlighter: Sendable {
    /// The languages a body is highlighted in.
    enum Language: Sendable, Hashable {
        case json, markup, headers, plain

        /// The language of a body of media type `essence` (`application/json`, `text/html`…).
        init(mediaType essence: String?) {
            guard let essence = essence?.lowercased() else {
                self = .plain
                return
            }
            if essence.hasSuffix("json") || essence.hasSuffix("+json") || essence == "application/x-ndjson" {
                self = .json
            } else if essence.hasSuffix("xml") || essence.hasSuffix("html") || essence == "image/svg+xml" {
                self = .markup
            } else {
                self = .plain
            }
        }
    }

    /// The language.
    let language: Language
    /// The colours.
    let theme: Theme

    /// The spans of `line`, in `base` where no role applies.
    func spans(_ line: String, base: Style) -> [Span] {
        let bytes = Array(line.utf8)
        return runs(of: bytes).compactMap { run in
            guard !run.range.isEmpty else { return nil }
            return Span(String(decoding: bytes[run.range], as: UTF8.self), style: run.role.map { theme[$0] } ?? base)
        }
    }

    /// A style per character of `characters` (for the body editor's run drawing), `base` where no role applies.
    func styles(_ characters: [Character], base: Style) -> [Style] {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        for character in characters {
            offsets.append(bytes.count)
            bytes.append(contentsOf: character.utf8)
        }
        var byRole = [ThemeRole?](repeating: nil, count: bytes.count)
        for run in runs(of: bytes) { for offset in run.range { byRole[offset] = run.role } }
        return offsets.map { offset in byRole.indices.contains(offset) ? byRole[offset].map { theme[$0] } ?? base : base
        }
    }

    // MARK: - Runs

    /// A stretch of bytes and its role (`nil`: the base style).
    private struct Run {
        var range: Range<Int>
        var role: ThemeRole?
    }

    /// The runs covering all of `bytes`, in order.
    private func runs(of bytes: [UInt8]) -> [Run] {
        var runs: [Run]
        switch language {
        case .json: runs = jsonRuns(bytes)
        case .markup: runs = markupRuns(bytes)
        case .headers: runs = headerRuns(bytes)
        case .plain: runs = []
        }
        // Fill the gaps (whitespace, text between tags) with the base style.
        var filled: [Run] = []
        var at = 0
        for run in runs where run.range.lowerBound >= at {
            if run.range.lowerBound > at { filled.append(Run(range: at..<run.range.lowerBound, role: nil)) }
            filled.append(run)
            at = run.range.upperBound
        }
        if at < bytes.count { filled.append(Run(range: at..<bytes.count, role: nil)) }
        return filled
    }

    private func jsonRuns(_ bytes: [UInt8]) -> [Run] {
        JSONLexer.tokens(in: bytes).map { token in
            let role: ThemeRole? =
                switch token.kind {
                case .key: .jsonKey
                case .string: .jsonString
                case .number: .jsonNumber
                case .literal: .jsonBoolean
                case .punctuation: .punctuation
                case .other: nil
                }
            return Run(range: token.range, role: role)
        }
    }

    private func headerRuns(_ bytes: [UInt8]) -> [Run] {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return [] }
        return [
            Run(range: 0..<colon, role: .headerName), Run(range: colon..<(colon + 1), role: .punctuation),
            Run(range: (colon + 1)..<bytes.count, role: .headerValue),
        ]
    }

    /// Tags with their attributes, comments and declarations; text between tags is left in the base style.
    private func markupRuns(_ bytes: [UInt8]) -> [Run] {
        var runs: [Run] = []
        var index = 0
        let count = bytes.count
        func starts(with text: String, at offset: Int) -> Bool {
            let pattern = Array(text.utf8)
            return offset + pattern.count <= count && bytes[offset..<(offset + pattern.count)].elementsEqual(pattern)
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let start = index
            if starts(with: "<!--", at: index) {
                var end = index + 4
                while end < count, !starts(with: "-->", at: end) { end += 1 }
                index = min(count, end + 3)
                runs.append(Run(range: start..<index, role: .markupComment))
                continue
            }
            if starts(with: "<!", at: index) || starts(with: "<?", at: index) {
                while index < count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index = min(count, index + 1)
                runs.append(Run(range: start..<index, role: .markupComment))
                continue
            }
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "/") { index += 1 }
            runs.append(Run(range: start..<index, role: .punctuation))
            let name = index
            while index < count, isNameByte(bytes[index]) { index += 1 }
            runs.append(Run(range: name..<index, role: .markupTag))
            // Attributes up to the closing `>` (or the end of the line).
            while index < count, bytes[index] != UInt8(ascii: ">") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    let open = index
                    index += 1
                    while index < count, bytes[index] != byte { index += 1 }
                    index = min(count, index + 1)
                    runs.append(Run(range: open..<index, role: .jsonString))
                } else if isNameByte(byte) {
                    let open = index
                    while index < count, isNameByte(bytes[index]) { index += 1 }
                    runs.append(Run(range: open..<index, role: .markupAttribute))
                } else {
                    let role: ThemeRole? = byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") ? .punctuation : nil
                    runs.append(Run(range: index..<(index + 1), role: role))
                    index += 1
                }
            }
            if index < count {
                runs.append(Run(range: index..<(index + 1), role: .punctuation))
                index += 1
            }
        }
        return runs
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"),
            UInt8(ascii: "."), 0x80...0xFF:
            true
        default: false
        }
    }
}
