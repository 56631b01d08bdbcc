/// Scores how well a typed pattern matches a candidate string, the way file pickers do: the pattern's
/// characters must appear in order; matches at word starts, at the start and in consecutive runs score higher,
/// gaps score lower.
///
/// Matching is case-insensitive unless the pattern holds an upper-case letter ("smart case").
///
/// ```swift
/// FuzzyMatcher.match("gu", in: "GET users")?.positions   // [0, 4]
/// let ranked = FuzzyMatcher.rank("usr", in: ["Users", "Create user", "Orders"])   // [0, 1]
/// ```
public enum FuzzyMatcher {
    // MARK: - Scoring weights

    /// Points for every matched character.
    static let matchPoints = 16
    /// Extra points when the first character of the candidate matches.
    static let startBonus = 12
    /// Extra points when a match starts a word (after a separator or at a lower-to-upper change).
    static let boundaryBonus = 10
    /// Extra points when a match directly follows the previous one.
    static let consecutiveBonus = 8
    /// Points lost per unmatched character between two matches (capped per gap).
    static let gapPenalty = 2
    /// The most a single gap can cost.
    static let maximumGapPenalty = 12

    // MARK: - API

    /// The match of `pattern` in `candidate`, or `nil` when the pattern's characters do not all appear in order.
    ///
    /// An empty pattern matches everything with score 0 and no positions.
    public static func match(_ pattern: String, in candidate: String) -> FuzzyMatch? {
        let needle = Array(pattern)
        guard !needle.isEmpty else { return FuzzyMatch(score: 0, positions: []) }
        let caseSensitive = pattern.contains { $0.isUppercase }
        let hay = Array(candidate)
        let folded = caseSensitive ? hay.map { String($0) } : hay.map { $0.lowercased() }
        let wanted = caseSensitive ? needle.map { String($0) } : needle.map { $0.lowercased() }
        guard let positions = bestPositions(wanted, in: folded) else { return nil }
        return FuzzyMatch(score: score(positions, in: hay), positions: positions)
    }

    /// The score of `pattern` against `candidate`, or `nil` when it does not match.
    public static func score(_ pattern: String, in candidate: String) -> Int? {
        match(pattern, in: candidate)?.score
    }

    /// The indices of the `candidates` that match `pattern`, best first (ties keep the original order).
    public static func rank(_ pattern: String, in candidates: [String]) -> [Int] {
        var scored: [(index: Int, score: Int)] = []
        for (index, candidate) in candidates.enumerated() {
            if let match = match(pattern, in: candidate) { scored.append((index, match.score)) }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        return scored.map(\.index)
    }

    // MARK: - Internals

    /// Finds the shortest window ending at the earliest complete match, then the best placement in it.
    ///
    /// Forward greedy finds where a match can end first; walking back from there finds the latest start, which
    /// gives the tightest window; inside it a forward pass that prefers word starts picks the positions.
    static func bestPositions(_ wanted: [String], in folded: [String]) -> [Int]? {
        var next = 0
        var end = -1
        for (index, character) in folded.enumerated() where character == wanted[next] {
            next += 1
            if next == wanted.count {
                end = index
                break
            }
        }
        guard end >= 0 else { return nil }
        var start = end
        var back = wanted.count - 1
        var index = end
        while index >= 0 {
            if folded[index] == wanted[back] {
                if back == 0 {
                    start = index
                    break
                }
                back -= 1
            }
            index -= 1
        }
        var positions: [Int] = []
        positions.reserveCapacity(wanted.count)
        var cursor = start
        for character in wanted {
            while cursor <= end && folded[cursor] != character { cursor += 1 }
            positions.append(cursor)
            cursor += 1
        }
        return positions
    }

    /// The score of matched `positions` in `candidate`.
    static func score(_ positions: [Int], in candidate: [Character]) -> Int {
        var total = 0
        var previous: Int?
        for position in positions {
            total += matchPoints
            if position == 0 {
                total += startBonus
            } else if isWordStart(position, in: candidate) {
                total += boundaryBonus
            }
            if let previous {
                let gap = position - previous - 1
                total += gap == 0 ? consecutiveBonus : -min(maximumGapPenalty, gap * gapPenalty)
            } else {
                total -= min(maximumGapPenalty, position)
            }
            previous = position
        }
        return total
    }

    /// Whether the character at `position` starts a word.
    static func isWordStart(_ position: Int, in candidate: [Character]) -> Bool {
        let before = candidate[position - 1]
        let current = candidate[position]
        if !(before.isLetter || before.isNumber) { return current.isLetter || current.isNumber }
        return before.isLowercase && current.isUppercase
    }
}
