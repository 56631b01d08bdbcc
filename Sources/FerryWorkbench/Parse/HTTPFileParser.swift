import Foundation

/// Reads `.http` / `.rest` files in the JetBrains HTTP Client dialect into ``HTTPFile`` values.
///
/// The parser never fails as a whole: each problem becomes a ``Diagnostic`` with file:line:column
/// and what was expected, the part it concerns is skipped, and the rest of the file still loads.
public enum HTTPFileParser {
    /// The UTF-8 byte-order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The method names that are never mistaken for a URL on their own.
    static let knownMethods: Set<String> = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT", "GRAPHQL", "WEBSOCKET",
        "GRPC",
    ]

    // MARK: - API

    /// Parses a file's bytes; `path` is used in diagnostics and source maps.
    ///
    /// The file is cut into its `###` sections on its bytes first, and each section's lines are made and parsed
    /// in turn: only one section's lines are alive at a time (a file of a million requests had four million line
    /// strings at once).
    public static func parse(_ data: some Collection<UInt8>, path: String) -> HTTPFile {
        var bytes = Array(data)
        let hasBOM = bytes.starts(with: byteOrderMark)
        if hasBOM { bytes.removeFirst(3) }
        var file = HTTPFile(path: path, lineEnding: lineEnding(of: bytes), hasByteOrderMark: hasBOM)
        let parser = forEachSection(of: bytes, path: path) { file.sections.append($0) }
        file.diagnostics = parser.diagnostics
        file.statements = parser.statements
        return file
    }

    /// Hands each section of `bytes` (a file's, its byte-order mark removed) to `body` as it is parsed, keeping
    /// none: what a listing of a file of a million requests needs, without the file's model. Returns the parser,
    /// whose ``SectionParser/diagnostics`` and ``SectionParser/statements`` are the file's.
    static func forEachSection(
        of bytes: [UInt8], path: String, _ body: (HTTPFileSection) -> Void
    ) -> SectionParser {
        var parser = SectionParser(path: path)
        let starts = sectionStarts(of: bytes)
        for (start, next) in zip(starts, starts.dropFirst()) {
            let range = start.offset..<next.offset
            let lines = SourceLine.split(bytes, in: range, firstNumber: start.line)
            body(parser.parseSection(lines[...], source: Array(bytes[range])))
        }
        return parser
    }

    /// Where each section of `bytes` starts (its byte offset and 1-based line), then the end: a section starts at
    /// the first line and at each later line whose text starts with `###`. Empty content has no section.
    static func sectionStarts(of bytes: [UInt8]) -> [(offset: Int, line: Int)] {
        guard !bytes.isEmpty else { return [] }
        var starts = [(offset: 0, line: 1)]
        bytes.withUnsafeBufferPointer { buffer in
            var line = 1
            var start = 0
            while let newline = buffer[start...].firstIndex(of: 0x0A) {
                start = newline + 1
                line += 1
                guard start < buffer.count else { break }
                if startsSection(buffer, at: start) { starts.append((start, line)) }
            }
        }
        starts.append((bytes.count, 0))
        return starts
    }

    /// Whether the line starting at `start` of `buffer` starts with `###` (as its text, without its terminator,
    /// tells it with `hasPrefix`).
    private static func startsSection(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let marker = UInt8(ascii: "#")
        guard start + 3 <= buffer.count, buffer[start] == marker, buffer[start + 1] == marker,
            buffer[start + 2] == marker
        else { return false }
        // A byte past 0x7F after the marker may join its last `#` into another character: the text decides.
        guard start + 3 < buffer.count, buffer[start + 3] >= 0x80 else { return true }
        let end = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self).hasPrefix("###")
    }

    /// Parses the text of a file (as if read from disk as UTF-8).
    public static func parse(text: String, path: String) -> HTTPFile {
        parse(Array(text.utf8), path: path)
    }

    // MARK: - Helpers

    /// The terminator of the first terminated line: `\r\n` or `\n` (the default).
    static func lineEnding(of bytes: [UInt8]) -> String {
        guard let newline = bytes.firstIndex(of: 0x0A), newline >= 1, bytes[newline - 1] == 0x0D else { return "\n" }
        return "\r\n"
    }

    /// Whether a trimmed line is a `#` or `//` comment (directives included).
    static func isComment(_ trimmed: Substring) -> Bool {
        trimmed.startsWithASCII("#") || trimmed.startsWithASCII("//")
    }

    /// Whether a line starts a response handler, an output redirect or a response reference.
    static func isHandlerStart(_ text: String) -> Bool {
        if text.startsWithASCII("<> ") { return true }
        guard text.startsWithASCII(">") else { return false }
        if text.startsWithASCII(">>") { return true }
        let rest = text.dropFirst().drop { isSpace($0) }
        if rest.hasPrefix("{%") { return true }
        // `> path/handler.js`: one word after a space.
        let word = rest.trimmedSpaces
        return text.dropFirst().first == " " && !word.isEmpty && !word.contains(" ")
    }
}
