/// Scores how well a typed pattern matches a candidate string, the way file pickers do: the pattern's
/// characters must appear in order; matches at word starts, at the start and in consecutive runs score higher,
/// gaps score lower.
///
/// Matching is case-insensitive unless the pattern holds an upper-case letter ("smart case"). A pattern typed
/// whole ranks above every scattered match: the whole candidate first, then a prefix of it, then the start
/// of one of its words ("reload" finds "Reload the workspace" before "Copy the request as a curl command").
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
    /// Extra points when the pattern is one run starting a word of the candidate; more than any scattered
    /// match of a palette-length pattern can score.
    static let wordRunBonus = 10_000
    /// Extra points when that run starts the candidate.
    static let prefixRunBonus = 20_000
    /// Extra points when that run is the whole candidate.
    static let wholeRunBonus = 30_000

    // MARK: - API

    /// The match of `pattern` in `candidate`, or `nil` when the pattern's characters do not all appear in order.
    ///
    /// An empty pattern matches everything with score 0 and no positions.
    public static func match(_ pattern: String, in candidate: String) -> FuzzyMatch? {
        PreparedPattern(pattern).match(in: candidate)
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

    /// A pattern analysed once (case rule, folded characters, ASCII bytes) and matched against many candidates.
    struct PreparedPattern {
        let isEmpty: Bool
        let caseSensitive: Bool
        let ascii: [UInt8]?
        let wanted: [String]

        init(_ pattern: String) {
            isEmpty = pattern.isEmpty
            caseSensitive = pattern.contains { $0.isUppercase }
            ascii = FuzzyMatcher.asciiBytes(pattern, caseSensitive: caseSensitive)
            wanted = caseSensitive ? pattern.map { String($0) } : pattern.map { $0.lowercased() }
        }

        func match(in candidate: String) -> FuzzyMatch? {
            guard !isEmpty else { return FuzzyMatch(score: 0, positions: []) }
            if let needle = ascii {
                let fast = candidate.utf8.withContiguousStorageIfAvailable { bytes -> FastResult in
                    FuzzyMatcher.matchASCII(needle, in: bytes, caseSensitive: caseSensitive)
                }
                if case .matched(let match) = fast { return match }
            }
            let hay = Array(candidate)
            let folded = caseSensitive ? hay.map { String($0) } : hay.map { $0.lowercased() }
            guard let positions = FuzzyMatcher.bestPositions(wanted, count: folded.count, key: { folded[$0] }) else {
                return nil
            }
            let isWordStart = { FuzzyMatcher.isWordStart($0, in: hay) }
            let total = FuzzyMatcher.score(positions, isWordStart: isWordStart)
            return FuzzyMatcher.preferringRuns(
                FuzzyMatch(score: total, positions: positions), wanted, count: folded.count, key: { folded[$0] },
                isWordStart: isWordStart)
        }
    }

    /// The outcome of the ASCII fast path: a result, or "not plain ASCII, use the general path".
    enum FastResult {
        case matched(FuzzyMatch?)
        case notApplicable
    }

    /// The pattern's bytes (folded unless `caseSensitive`) when it is plain printable ASCII.
    static func asciiBytes(_ pattern: String, caseSensitive: Bool) -> [UInt8]? {
        var bytes: [UInt8] = []
        for byte in pattern.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            bytes.append(caseSensitive ? byte : folded(byte))
        }
        return bytes
    }

    /// Matching on bytes, when the candidate is ASCII without carriage returns (one byte per character).
    static func matchASCII(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, caseSensitive: Bool) -> FastResult {
        for byte in bytes where byte >= 0x80 || byte == 0x0D { return .notApplicable }
        let key: (Int) -> UInt8 = caseSensitive ? { bytes[$0] } : { folded(bytes[$0]) }
        guard let positions = bestPositions(needle, count: bytes.count, key: key) else { return .matched(nil) }
        let isWordStart = { (position: Int) -> Bool in
            let before = bytes[position - 1]
            let current = bytes[position]
            if !isAlphanumeric(before) { return isAlphanumeric(current) }
            return before >= 0x61 && before <= 0x7A && current >= 0x41 && current <= 0x5A
        }
        let total = score(positions, isWordStart: isWordStart)
        let match = FuzzyMatch(score: total, positions: positions)
        return .matched(preferringRuns(match, needle, count: bytes.count, key: key, isWordStart: isWordStart))
    }

    /// `match`, raised above scattered matches when `wanted` also appears as one run at the start of a word of
    /// the candidate (`isWordStart(i)`, never asked for 0): most when the run is the whole candidate, then when
    /// it starts the candidate; the positions become the run's. A run inside a word gets nothing more: letters
    /// on word starts ("cu" in "create-user") stay ahead of it ("accuse").
    static func preferringRuns<Key: Equatable>(
        _ match: FuzzyMatch, _ wanted: [Key], count: Int, key: (Int) -> Key, isWordStart: (Int) -> Bool
    ) -> FuzzyMatch {
        guard !wanted.isEmpty, wanted.count <= count else { return match }
        for start in 0...(count - wanted.count) where start == 0 || isWordStart(start) {
            guard wanted.indices.allSatisfy({ key(start + $0) == wanted[$0] }) else { continue }
            let bonus = start > 0 ? wordRunBonus : wanted.count == count ? wholeRunBonus : prefixRunBonus
            let positions = Array(start..<(start + wanted.count))
            return FuzzyMatch(score: score(positions, isWordStart: isWordStart) + bonus, positions: positions)
        }
        return match
    }

    /// ASCII upper case to lower case.
    @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

    /// ASCII letters and digits.
    @inline(__always)
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Finds the shortest window ending at the earliest complete match, then the best placement in it.
    ///
    /// Forward greedy finds where a match can end first; walking back from there finds the latest start, which
    /// gives the tightest window; inside it a forward pass picks the positions. `key(i)` is the folded
    /// candidate character at `i`.
    static func bestPositions<Key: Equatable>(_ wanted: [Key], count: Int, key: (Int) -> Key) -> [Int]? {
        var next = 0
        var end = -1
        var index = 0
        while index < count {
            if key(index) == wanted[next] {
                next += 1
                if next == wanted.count {
                    end = index
                    break
                }
            }
            index += 1
        }
        guard end >= 0 else { return nil }
        var start = end
        var back = wanted.count - 1
        index = end
        while index >= 0 {
            if key(index) == wanted[back] {
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
            while cursor <= end && key(cursor) != character { cursor += 1 }
            positions.append(cursor)
            cursor += 1
        }
        return positions
    }

    /// The score of matched `positions`; `isWordStart(i)` says whether position `i` (never 0) starts a word.
    static func score(_ positions: [Int], isWordStart: (Int) -> Bool) -> Int {
        var total = 0
        var previous: Int?
        for position in positions {
            total += matchPoints
            if position == 0 {
                total += startBonus
            } else if isWordStart(position) {
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
