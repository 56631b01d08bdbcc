/// Why input is not JSON, and where: byte offset, line, column and an excerpt with a caret.
///
/// ```swift
/// do { _ = try JSONValue(parsing: "{\"a\": 1 \"b\": 2}") } catch {
///     print(error)  // line 1, column 9: expected ',' or '}' after an object member
///                   //   {"a": 1 "b": 2}
///                   //           ^
/// }
/// ```
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The input ended inside a value, or was empty.
        case unexpectedEndOfInput
        /// A byte that cannot start or continue a value here.
        case unexpectedCharacter
        /// Something other than whitespace after the top-level value.
        case trailingCharacters
        /// A malformed number, such as `01`, `1.` or `-`.
        case invalidNumber
        /// A literal that is not `true`, `false` or `null`.
        case invalidLiteral
        /// A backslash escape that JSON does not define, or a `\u` without four hex digits.
        case invalidEscape
        /// A raw control character (below U+0020) inside a string.
        case controlCharacterInString
        /// A string without its closing quote.
        case unterminatedString
        /// Bytes that are not valid UTF-8.
        case invalidUTF8
        /// An object member whose key is not a string.
        case expectedKey
        /// A key not followed by `:`.
        case expectedColon
        /// An array element not followed by `,` or `]`.
        case expectedCommaOrBracket
        /// An object member not followed by `,` or `}`.
        case expectedCommaOrBrace
        /// A trailing comma, allowed only in lenient mode.
        case trailingComma
        /// A `/*` comment without its `*/`, or a `/` that starts no comment.
        case invalidComment
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// Input of 4 GiB or more.
        case documentTooLarge
    }

    /// What went wrong.
    public var reason: Reason
    /// The offset of the offending byte from the start of the input.
    public var offset: Int
    /// The 1-based line of the offending byte.
    public var line: Int
    /// The 1-based column of the offending byte, counted in Unicode scalars.
    public var column: Int
    /// The offending line (shortened around the column), a newline, and a caret under the column.
    public var excerpt: String

    /// A sentence describing ``reason``.
    public var message: String {
        switch reason {
        case .unexpectedEndOfInput: "unexpected end of input"
        case .unexpectedCharacter: "unexpected character; expected a value"
        case .trailingCharacters: "unexpected characters after the value"
        case .invalidNumber: "invalid number"
        case .invalidLiteral: "invalid literal; expected true, false or null"
        case .invalidEscape: "invalid escape sequence in string"
        case .controlCharacterInString: "control character in string; write it as an escape"
        case .unterminatedString: "unterminated string"
        case .invalidUTF8: "invalid UTF-8"
        case .expectedKey: "expected a string key"
        case .expectedColon: "expected ':' after the key"
        case .expectedCommaOrBracket: "expected ',' or ']' after an array element"
        case .expectedCommaOrBrace: "expected ',' or '}' after an object member"
        case .trailingComma: "trailing comma"
        case .invalidComment: "invalid comment"
        case .tooDeep(let limit): "nesting deeper than \(limit) levels"
        case .documentTooLarge: "document too large (4 GiB or more)"
        }
    }

    /// `line L, column C: message`, then the excerpt.
    public var description: String {
        "line \(line), column \(column): \(message)\n\(excerpt)"
    }

    /// Locates `offset` in `bytes` and builds the error.
    init(_ reason: Reason, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self.reason = reason
        self.offset = offset
        let clamped = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<clamped where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = clamped
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        // Columns count scalars: every byte that is not a UTF-8 continuation byte starts one.
        var column = 1
        for index in lineStart..<clamped where bytes[index] & 0xC0 != 0x80 { column += 1 }
        self.line = line
        self.column = column
        // Keep at most 30 scalars either side of the caret.
        var excerptStart = lineStart
        var before = column - 1
        while before > 30, excerptStart < clamped {
            excerptStart += 1
            while excerptStart < clamped, bytes[excerptStart] & 0xC0 == 0x80 { excerptStart += 1 }
            before -= 1
        }
        var excerptEnd = clamped
        var after = 0
        while excerptEnd < lineEnd, after < 30 {
            excerptEnd += 1
            while excerptEnd < lineEnd, bytes[excerptEnd] & 0xC0 == 0x80 { excerptEnd += 1 }
            after += 1
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[excerptStart..<excerptEnd]), as: UTF8.self)
        let printable = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
        let prefix = excerptStart > lineStart ? "…" : ""
        let caretColumn = before + (prefix.isEmpty ? 0 : 1)
        excerpt = "  " + prefix + printable + "\n  " + String(repeating: " ", count: caretColumn) + "^"
    }
}
