/// A place in edited text: a line and a character (grapheme) offset in it, both from zero.
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line.
    public var line: Int
    /// The character offset in the line (0 is before the first character).
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of the text.
    public static let zero = TextPosition(line: 0, column: 0)

    /// Orders by line, then by column.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        lhs.line != rhs.line ? lhs.line < rhs.line : lhs.column < rhs.column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
