import FerryJSON

/// The recursive-descent reader behind ``YAMLReader``: one pass over the bytes, block structure by
/// indentation, flow collections by brackets.
struct YAMLParser {
    // MARK: - Limits

    /// The deepest nesting of collections accepted (deeper input is an error, never a stack overflow).
    static let maximumDepth = 150
    /// The most nodes a document may expand to, aliases counted at their full size (stops alias bombs).
    static let maximumNodes = 5_000_000

    // MARK: - State

    /// The input, line breaks normalized to `\n`.
    let bytes: [UInt8]
    /// Line starts, for positions.
    let lineStarts: [Int]
    /// The current byte offset.
    var pos = 0
    /// The current nesting of collections.
    var depth = 0
    /// Nodes produced so far, aliases counted at their size.
    var nodeCount = 0
    /// Anchored values with their sizes in nodes.
    var anchors: [String: (value: JSONValue, size: Int)] = [:]
    /// Problems that did not stop reading.
    var warnings: [YAMLError] = []
    /// Where each mapping value and sequence item started, by JSON pointer.
    var offsets: [String: Int] = [:]
    /// The JSON pointer of the node being read.
    var pointer = ""

    /// A parser over `input`, with `\r\n` and lone `\r` read as `\n`.
    init(_ input: [UInt8]) {
        var normalized = input
        if normalized.starts(with: [0xEF, 0xBB, 0xBF]) { normalized.removeFirst(3) }
        if normalized.contains(UInt8(ascii: "\r")) {
            var result: [UInt8] = []
            result.reserveCapacity(normalized.count)
            for (index, byte) in normalized.enumerated() {
                if byte == UInt8(ascii: "\r") {
                    if index + 1 < normalized.count, normalized[index + 1] == UInt8(ascii: "\n") { continue }
                    result.append(UInt8(ascii: "\n"))
                } else {
                    result.append(byte)
                }
            }
            normalized = result
        }
        bytes = normalized
        lineStarts = YAMLPosition.lineStarts(of: normalized)
    }

    // MARK: - Document

    /// Reads the first document of the stream.
    mutating func parseDocument() throws(YAMLError) -> JSONValue {
        offsets[""] = 0
        var indent = try nextContentLine()
        while indent == 0, peek() == UInt8(ascii: "%") {
            skipToLineEnd()
            indent = try nextContentLine()
        }
        var value = JSONValue.null
        if isDocumentMarker(UInt8(ascii: "-")) {
            pos += 3
            skipSpaces()
            if atLineEndOrComment {
                indent = try nextContentLine()
                if indent >= 0 { value = try parseBlockNode(parentIndent: -1, allowsMapping: true) }
            } else {
                value = try parseBlockNode(parentIndent: -1, allowsMapping: false)
            }
        } else if indent >= 0 {
            value = try parseBlockNode(parentIndent: -1, allowsMapping: true)
        }
        indent = try nextContentLine()
        if indent >= 0 { throw error("unexpected content after the document's top-level node") }
        return value
    }

    // MARK: - Bytes

    /// The byte `ahead` positions from the current one, or 0 past the end.
    @inline(__always) func peek(_ ahead: Int = 0) -> UInt8 {
        let index = pos + ahead
        return index < bytes.count ? bytes[index] : 0
    }

    /// Whether `byte` is a space, tab, line break or the end.
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == 0
    }

    /// Whether `byte` is one of `,[]{}`.
    @inline(__always) static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// Whether the reader is at the end of the input.
    var atEnd: Bool { pos >= bytes.count }

    /// Whether only a comment or the line break is left on the current line.
    var atLineEndOrComment: Bool {
        atEnd || peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "#")
    }

    /// The 0-based column (in bytes) of offset `offset`.
    func column(of offset: Int) -> Int { offset - lineStart(of: offset) }

    /// The start of the line holding `offset`.
    func lineStart(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return lineStarts[low]
    }

    /// Skips spaces and tabs.
    mutating func skipSpaces() {
        while pos < bytes.count, bytes[pos] == UInt8(ascii: " ") || bytes[pos] == UInt8(ascii: "\t") { pos += 1 }
    }

    /// Moves to the line break (or the end) of the current line.
    mutating func skipToLineEnd() {
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "\n") { pos += 1 }
    }

    /// Whether a `---` (for `-`) or `...` (for `.`) marker starts at the current position, at column 0.
    func isDocumentMarker(_ byte: UInt8) -> Bool {
        (pos == 0 || bytes[pos - 1] == UInt8(ascii: "\n")) && peek() == byte && peek(1) == byte && peek(2) == byte
            && Self.isWhitespace(peek(3))
    }

    /// Whether a block sequence entry (`-` then whitespace) starts at the current position.
    var atSequenceEntry: Bool { peek() == UInt8(ascii: "-") && Self.isWhitespace(peek(1)) }

    /// Skips the rest of the current line (spaces, a comment), then blank and comment lines, and stops at
    /// the first character of the next content line; returns that line's indentation, or -1 at the end of
    /// the input or a document marker. Content left on the current line is an error.
    mutating func nextContentLine() throws(YAMLError) -> Int {
        skipSpaces()
        if !atLineEndOrComment {
            let start = lineStart(of: pos)
            if bytes[start..<pos].allSatisfy({ $0 == UInt8(ascii: " ") }) {
                let indent = pos - start
                if indent == 0, isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) { return -1 }
                return indent
            }
            if bytes[start..<pos].contains(UInt8(ascii: "\t")),
                !bytes[start..<pos].contains(where: { $0 != 0x20 && $0 != 0x09 })
            {
                throw error("a tab character is not allowed in indentation")
            }
            if peek() == UInt8(ascii: ":") { throw error("unexpected ':' (a mapping value is not allowed here)") }
            throw error("unexpected content after a value")
        }
        while true {
            skipToLineEnd()
            guard pos < bytes.count else { return -1 }
            pos += 1
            let start = pos
            while pos < bytes.count, bytes[pos] == UInt8(ascii: " ") { pos += 1 }
            let indent = pos - start
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "\t") {
                let tab = pos
                skipSpaces()
                if !atLineEndOrComment { throw error("a tab character is not allowed in indentation", at: tab) }
            }
            if atLineEndOrComment { continue }
            if indent == 0, isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) { return -1 }
            return indent
        }
    }

    // MARK: - Bookkeeping

    /// An error at byte `offset` (the current position by default).
    func error(_ message: String, at offset: Int? = nil) -> YAMLError {
        let place = YAMLPosition.lineAndColumn(of: offset ?? pos, in: bytes, lineStarts: lineStarts)
        return YAMLError(message, line: place.line, column: place.column)
    }

    /// Counts `count` produced nodes against the expansion limit.
    mutating func count(_ count: Int) throws(YAMLError) {
        nodeCount += count
        if nodeCount > Self.maximumNodes {
            throw error("the document expands to more than \(Self.maximumNodes) nodes (aliases counted in full)")
        }
    }

    /// Enters a nested collection, failing past ``maximumDepth``.
    mutating func enter() throws(YAMLError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    /// Runs `body` with `component` appended to the current JSON pointer, recording where it starts.
    mutating func withPointer<T>(
        _ component: String, at offset: Int, _ body: (inout YAMLParser) throws(YAMLError) -> T
    ) throws(YAMLError) -> T {
        let saved = pointer.utf8.count
        pointer += "/"
        for character in component {
            switch character {
            case "~": pointer += "~0"
            case "/": pointer += "~1"
            default: pointer.append(character)
            }
        }
        offsets[pointer] = offset
        defer { pointer = String(decoding: pointer.utf8.prefix(saved), as: UTF8.self) }
        return try body(&self)
    }
}
