/// A short, printable quotation of text someone gave, for error messages: its first ``characterLimit``
/// characters with control characters escaped (so a message stays on one line and cannot steer the
/// terminal), and its length when it is longer.
///
/// ```swift
/// InputExcerpt("http://example.com/" + String(repeating: "a", count: 10_000)).description
/// // "http://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…" (10019 characters)
/// InputExcerpt("GE\r\nT").description   // "GE\r\nT"
/// ```
public struct InputExcerpt: Sendable, Hashable, CustomStringConvertible {
    /// How many characters (Unicode scalars) of the text an excerpt shows.
    public static let characterLimit = 60

    /// The first ``characterLimit`` characters, control characters escaped (`\n`, `\r`, `\t`, `\0`, `\u{1B}`).
    public let opening: String
    /// The number of characters (Unicode scalars) in the whole text.
    public let length: Int

    /// The excerpt of `text`.
    public init(_ text: some StringProtocol) {
        let scalars = text.unicodeScalars
        length = scalars.count
        var opening = ""
        for scalar in scalars.prefix(Self.characterLimit) { opening += Self.printable(scalar) }
        self.opening = opening
    }

    /// Whether the text is longer than the excerpt shows.
    public var isShortened: Bool { length > Self.characterLimit }

    /// The excerpt in quotes, then `… (N characters)` when the text is longer.
    public var description: String {
        isShortened ? "\"\(opening)…\" (\(length) characters)" : "\"\(opening)\""
    }

    /// The excerpt without quotes, for text that reads as it is in a message (a method, a URL).
    public var unquoted: String {
        isShortened ? "\(opening)… (\(length) characters)" : opening
    }

    /// A person's name for `scalar` in a message: `a line break (LF)`, `a NUL character`, `a space`,
    /// `a control character (U+001B)`, or the character itself in quotes.
    public static func name(of scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "a line break (LF)"
        case "\r": "a carriage return (CR)"
        case "\0": "a NUL character"
        case "\t": "a tab"
        case " ": "a space"
        default: isHidden(scalar) ? "a control character (\(code(of: scalar)))" : "the character \"\(scalar)\""
        }
    }

    // MARK: - Internals

    /// `scalar` as it can be printed: escaped when it is a control, a line or paragraph separator, or a bidi
    /// control (which would reorder the rest of the line).
    static func printable(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\0": "\\0"
        default: isHidden(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
        }
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func code(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
