/// One search match in a `TextViewState`: a line and a range of character offsets in it.
public struct TextMatch: Hashable, Sendable {
    /// The line.
    public var line: Int
    /// The matched characters (grapheme offsets in the line).
    public var range: Range<Int>

    /// Creates a match.
    public init(line: Int, range: Range<Int>) {
        self.line = line
        self.range = range
    }
}
