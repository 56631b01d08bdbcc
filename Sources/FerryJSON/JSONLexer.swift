/// One token of JSON text, as a highlighter colours it.
public struct JSONToken: Sendable, Hashable {
    /// What a token is.
    public enum Kind: Sendable, Hashable {
        /// A string that is an object key (a `:` follows it).
        case key
        /// A string value.
        case string
        /// A number.
        case number
        /// `true`, `false` or `null`.
        case literal
        /// `{ } [ ] , :`.
        case punctuation
        /// Bytes that are not JSON (a highlighter shows them plain).
        case other
    }

    /// What the token is.
    public var kind: Kind
    /// Its bytes' offsets in the input.
    public var range: Range<Int>

    /// A token of `kind` over `range`.
    public init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// Splits JSON text into tokens without parsing it: any fragment (one line of a large body, a body being
/// typed) gives tokens, and bytes that are not JSON come out as `.other`, never as an error. Whitespace is
/// left out; a string not closed on the input runs to its end.
///
/// ```swift
/// JSONLexer.tokens(in: Array(#"  "id": 42,"#.utf8)).map(\.kind)  // [.key, .punctuation, .number, .punctuation]
/// ```
public enum JSONLexer {
    /// The tokens of `bytes`, in order.
    public static func tokens(in bytes: [UInt8]) -> [JSONToken] {
        var tokens: [JSONToken] = []
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let start = index
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
                UInt8(ascii: ":"):
                index += 1
                tokens.append(JSONToken(kind: .punctuation, range: start..<index))
            case UInt8(ascii: "\""):
                index += 1
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(count, index + 1)
                tokens.append(JSONToken(kind: isKey(after: index, in: bytes) ? .key : .string, range: start..<index))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while index < count, isNumberByte(bytes[index]) { index += 1 }
                tokens.append(JSONToken(kind: .number, range: start..<index))
            default:
                while index < count, isWordByte(bytes[index]) { index += 1 }
                if index == start { index += 1 }
                let word = bytes[start..<index]
                let isLiteral =
                    word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8)
                    || word.elementsEqual("null".utf8)
                tokens.append(JSONToken(kind: isLiteral ? .literal : .other, range: start..<index))
            }
        }
        return tokens
    }

    /// Whether the next byte after `index` that is not whitespace is `:`.
    private static func isKey(after index: Int, in bytes: [UInt8]) -> Bool {
        var next = index
        while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: ":")
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""):
            false
        default: true
        }
    }
}
