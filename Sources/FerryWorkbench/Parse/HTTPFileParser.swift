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
    public static func parse(_ data: some Collection<UInt8>, path: String) -> HTTPFile {
        var bytes = Array(data)
        let hasBOM = bytes.starts(with: byteOrderMark)
        if hasBOM { bytes.removeFirst(3) }
        let lines = SourceLine.split(bytes)
        var file = HTTPFile(path: path, lineEnding: lineEnding(of: lines, in: bytes), hasByteOrderMark: hasBOM)

        var sectionStart = lines.startIndex
        var parser = SectionParser(path: path)
        func closeSection(upTo end: Int) {
            guard sectionStart < end else { return }
            let range = lines[sectionStart].start..<lines[end - 1].end
            file.sections.append(parser.parseSection(lines[sectionStart..<end], source: Array(bytes[range])))
        }
        for index in lines.indices where index > sectionStart && lines[index].text.hasPrefix("###") {
            closeSection(upTo: index)
            sectionStart = index
        }
        closeSection(upTo: lines.endIndex)
        file.diagnostics = parser.diagnostics
        file.statements = parser.statements
        return file
    }

    /// Parses the text of a file (as if read from disk as UTF-8).
    public static func parse(text: String, path: String) -> HTTPFile {
        parse(Array(text.utf8), path: path)
    }

    // MARK: - Helpers

    /// The terminator of the first terminated line: `\r\n` or `\n` (the default).
    static func lineEnding(of lines: [SourceLine], in bytes: [UInt8]) -> String {
        for line in lines where line.end > line.start && bytes[line.end - 1] == 0x0A {
            return line.end - line.start >= 2 && bytes[line.end - 2] == 0x0D ? "\r\n" : "\n"
        }
        return "\n"
    }

    /// Whether a trimmed line is a `#` or `//` comment (directives included).
    static func isComment(_ trimmed: Substring) -> Bool {
        trimmed.hasPrefix("#") || trimmed.hasPrefix("//")
    }

    /// Whether a line starts a response handler, an output redirect or a response reference.
    static func isHandlerStart(_ text: String) -> Bool {
        if text.hasPrefix("<> ") { return true }
        guard text.hasPrefix(">") else { return false }
        if text.hasPrefix(">>") { return true }
        let rest = text.dropFirst().drop { isSpace($0) }
        if rest.hasPrefix("{%") { return true }
        // `> path/handler.js`: one word after a space.
        let word = rest.trimmedSpaces
        return text.dropFirst().first == " " && !word.isEmpty && !word.contains(" ")
    }
}
