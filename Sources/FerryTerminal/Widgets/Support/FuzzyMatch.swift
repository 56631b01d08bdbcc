/// How well a pattern matched a candidate and where: the result of `FuzzyMatcher.match(_:in:)`.
public struct FuzzyMatch: Hashable, Sendable {
    /// Higher is better; only comparable between matches of the same pattern.
    public var score: Int
    /// The character offsets (graphemes) in the candidate that matched the pattern, ascending.
    public var positions: [Int]

    /// Creates a match.
    public init(score: Int, positions: [Int]) {
        self.score = score
        self.positions = positions
    }
}
