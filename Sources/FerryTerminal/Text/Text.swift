/// Several lines of styled text, as shown by `Paragraph`.
public struct Text: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The lines in order.
    public var lines: [Line]

    /// Creates text from lines.
    public init(_ lines: [Line]) {
        self.lines = lines
    }

    /// Creates text from a string split at line breaks (`\n`, `\r\n`), every line in `style`.
    public init(_ string: String, style: Style = .plain) {
        self.lines = Self.splitLines(string).map { Line([Span($0)], style: style) }
    }

    /// Creates unstyled text from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The plain text, lines joined with `\n`.
    public var plainText: String { lines.map(\.plainText).joined(separator: "\n") }

    /// `string` split at `\n` and `\r\n` (a lone `\r` stays and is drawn as `^M`).
    static func splitLines(_ string: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in string {
            if character == "\n" || character == "\r\n" {
                result.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        result.append(current)
        return result
    }
}
