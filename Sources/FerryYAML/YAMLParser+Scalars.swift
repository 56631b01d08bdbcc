import FerryJSON

// MARK: - Plain scalars

extension YAMLParser {
    /// The end of a plain scalar on the current line in block context: before `: `, a final `:`,
    /// ` #`, or the line break.
    func plainLineEnd() -> Int {
        var index = pos
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: ":"), index + 1 >= bytes.count || Self.isWhitespace(bytes[index + 1]) { break }
            if byte == UInt8(ascii: "#"), index > pos, bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == 0x09
            {
                break
            }
            index += 1
        }
        return index
    }

    /// Whether the plain scalar at the current position is a mapping key (ends in `:` on its line).
    func plainLineIsKey() -> Bool {
        let end = plainLineEnd()
        return end < bytes.count && bytes[end] == UInt8(ascii: ":")
    }

    /// Reads a plain scalar in block context, folding continuation lines indented more than `parentIndent`.
    mutating func parsePlainBlock(parentIndent: Int) throws(YAMLError) -> String {
        var result: [UInt8] = []
        while true {
            let start = pos
            let end = plainLineEnd()
            var trimmed = end
            while trimmed > start, bytes[trimmed - 1] == UInt8(ascii: " ") || bytes[trimmed - 1] == 0x09 {
                trimmed -= 1
            }
            result += bytes[start..<trimmed]
            pos = end
            // A continuation needs the line to end here (no comment, no ':').
            let save = pos
            skipSpaces()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\n") else {
                pos = save
                break
            }
            var breaks = 0
            var lineIndent = 0
            var found = false
            while pos < bytes.count, bytes[pos] == UInt8(ascii: "\n") {
                pos += 1
                breaks += 1
                let lineBegin = pos
                while pos < bytes.count, bytes[pos] == UInt8(ascii: " ") { pos += 1 }
                lineIndent = pos - lineBegin
                skipSpaces()
                if pos < bytes.count, bytes[pos] != UInt8(ascii: "\n") {
                    found = true
                    break
                }
            }
            guard found, lineIndent > parentIndent, bytes[pos] != UInt8(ascii: "#"),
                !(lineIndent == 0 && (isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: "."))))
            else {
                pos = save
                break
            }
            if breaks == 1 {
                result.append(UInt8(ascii: " "))
            } else {
                result += [UInt8](repeating: UInt8(ascii: "\n"), count: breaks - 1)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: - Quoted scalars

    /// Reads a single- or double-quoted scalar, folding line breaks.
    mutating func parseQuoted() throws(YAMLError) -> String {
        let start = pos
        let quote = bytes[pos]
        let double = quote == UInt8(ascii: "\"")
        pos += 1
        var result: [UInt8] = []
        var pendingSpaces: [UInt8] = []
        while true {
            guard pos < bytes.count else {
                throw error("unclosed \(double ? "double" : "single")-quoted string", at: start)
            }
            let byte = bytes[pos]
            if byte == quote {
                if !double, peek(1) == quote {
                    result += pendingSpaces
                    pendingSpaces = []
                    result.append(quote)
                    pos += 2
                    continue
                }
                pos += 1
                result += pendingSpaces
                return String(decoding: result, as: UTF8.self)
            }
            if byte == UInt8(ascii: " ") || byte == 0x09 {
                pendingSpaces.append(byte)
                pos += 1
                continue
            }
            if byte == UInt8(ascii: "\n") {
                pendingSpaces = []
                var breaks = 0
                while pos < bytes.count, bytes[pos] == UInt8(ascii: "\n") {
                    breaks += 1
                    pos += 1
                    if isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) {
                        throw error("unclosed \(double ? "double" : "single")-quoted string", at: start)
                    }
                    skipSpaces()
                }
                if breaks == 1 {
                    result.append(UInt8(ascii: " "))
                } else {
                    result += [UInt8](repeating: UInt8(ascii: "\n"), count: breaks - 1)
                }
                continue
            }
            result += pendingSpaces
            pendingSpaces = []
            if double, byte == UInt8(ascii: "\\") {
                try readEscape(into: &result)
                continue
            }
            result.append(byte)
            pos += 1
        }
    }

    /// The one-character escapes of double-quoted scalars and the bytes they stand for.
    static let simpleEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "0"): 0, UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9, 9: 9,
        UInt8(ascii: "n"): 10, UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12, UInt8(ascii: "r"): 13,
        UInt8(ascii: "e"): 27, UInt8(ascii: " "): 32, UInt8(ascii: "\""): 34, UInt8(ascii: "/"): 47,
        UInt8(ascii: "\\"): 92,
    ]

    /// Reads one escape sequence of a double-quoted scalar (the reader is at the `\`).
    mutating func readEscape(into result: inout [UInt8]) throws(YAMLError) {
        let start = pos
        pos += 1
        let code = peek()
        pos += 1
        if let byte = Self.simpleEscapes[code] {
            result.append(byte)
            return
        }
        var scalar: UInt32
        switch code {
        case UInt8(ascii: "\n"):
            skipSpaces()
            return
        case UInt8(ascii: "N"): scalar = 0x85
        case UInt8(ascii: "_"): scalar = 0xA0
        case UInt8(ascii: "L"): scalar = 0x2028
        case UInt8(ascii: "P"): scalar = 0x2029
        case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
            let length = code == UInt8(ascii: "x") ? 2 : code == UInt8(ascii: "u") ? 4 : 8
            guard pos + length <= bytes.count,
                let value = UInt32(String(decoding: bytes[pos..<(pos + length)], as: UTF8.self), radix: 16)
            else { throw error("expected \(length) hexadecimal digits in an escape", at: start) }
            pos += length
            scalar = value
        default:
            throw error("unknown escape '\\\(Character(Unicode.Scalar(code)))'", at: start)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("escape is not a Unicode scalar", at: start) }
        result += Array(String(Character(unicode)).utf8)
    }
}
