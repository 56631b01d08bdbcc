/// What a look at the bytes of one `###` section (``HTTPFileParser/sectionStarts(of:)``) tells of it without
/// parsing it, exactly as ``SectionParser/parseSection(_:source:)`` would decide, or that it cannot tell.
///
/// Only the section's title line and the lines above its request line are read, and only when each of them is
/// ASCII (then a character is a byte, and the parser's reading on characters is the reading on bytes): blank
/// lines and comments (directives included) are stepped over; the first other line is the request line. Any
/// line above the request line that is a variable (`@`), a script (`<`), a handler (`>`), a `run` or `import`
/// line, or that is not ASCII, leaves the section ``unknown``.
enum SectionOutline: UInt8 {
    /// The section holds a request and nothing above it the file shares (no variable, script or statement).
    case request
    /// The section holds blank lines and comments only: no request, nothing the file shares.
    case empty
    /// The bytes do not tell: parse the section.
    case unknown

    /// The outline of the section `range` of `buffer` (a file's bytes, its byte-order mark removed).
    static func of(_ buffer: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Self {
        var index = range.lowerBound
        var isTitle = true
        while index < range.upperBound {
            let newline = buffer[index..<range.upperBound].firstIndex(of: 0x0A) ?? range.upperBound
            var end = newline
            while end > index, buffer[end - 1] == 0x0D { end -= 1 }
            let line = index..<end
            index = newline + 1
            guard !buffer[line].contains(where: { $0 >= 0x80 }) else { return .unknown }
            if isTitle {
                isTitle = false
                if starts(buffer, line, with: "###") { continue }
            }
            let text = (buffer[line].firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } ?? end)..<end
            guard let first = text.first.map({ buffer[$0] }) else { continue }
            if first == UInt8(ascii: "#") || starts(buffer, text, with: "//") { continue }
            if first == UInt8(ascii: "@") || first == UInt8(ascii: "<") || first == UInt8(ascii: ">") {
                return .unknown
            }
            if isStatement(buffer, text) { return .unknown }
            return .request
        }
        return .empty
    }

    /// Whether the bytes `range` of `buffer` start with the ASCII `prefix`.
    private static func starts(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, with prefix: StaticString)
        -> Bool
    {
        let count = prefix.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return (0..<count).allSatisfy { buffer[range.lowerBound + $0] == prefix.utf8Start[$0] }
    }

    /// Whether the trimmed ASCII line `text` is a `run` or `import` line, as ``SectionParser/isStatement(_:)``
    /// tells it: the keyword, then the end or a space.
    private static func isStatement(_ buffer: UnsafeBufferPointer<UInt8>, _ text: Range<Int>) -> Bool {
        for keyword: StaticString in ["run", "import"] where starts(buffer, text, with: keyword) {
            let after = text.lowerBound + keyword.utf8CodeUnitCount
            if after == text.upperBound || [0x20, 0x09, 0x0D].contains(buffer[after]) { return true }
        }
        return false
    }
}
