/// How a list or tree filter matches what the user typed against row text.
public enum TextFilter: Hashable, Sendable {
    /// Case-insensitive substring; rows keep their order.
    case substring
    /// `FuzzyMatcher` scoring; rows are ordered best first.
    case fuzzy

    /// The match of `query` in `text`, or `nil` when the row should be hidden.
    public func match(_ query: String, in text: String) -> FuzzyMatch? {
        switch self {
        case .fuzzy:
            return FuzzyMatcher.match(query, in: text)
        case .substring:
            guard !query.isEmpty else { return FuzzyMatch(score: 0, positions: []) }
            let hay = text.map { $0.lowercased() }
            let needle = query.map { $0.lowercased() }
            guard needle.count <= hay.count else { return nil }
            for start in 0...(hay.count - needle.count) where hay[start] == needle[0] {
                if hay[start..<(start + needle.count)].elementsEqual(needle) {
                    return FuzzyMatch(score: -start, positions: Array(start..<(start + needle.count)))
                }
            }
            return nil
        }
    }

    /// The match of `query` in a row: in its text (with positions to highlight), else in its
    /// `filterKeywords` (with none), else `nil`.
    public func match(_ query: String, in row: some ListRow) -> FuzzyMatch? {
        if let match = match(query, in: row.text) { return match }
        let keywords = row.filterKeywords
        guard !keywords.isEmpty, let match = match(query, in: keywords) else { return nil }
        return FuzzyMatch(score: match.score, positions: [])
    }

    /// A matcher for `query` prepared once, for filtering many rows.
    func matcher(for query: String) -> (String) -> FuzzyMatch? {
        switch self {
        case .fuzzy:
            let prepared = FuzzyMatcher.PreparedPattern(query)
            return { prepared.match(in: $0) }
        case .substring:
            return { self.match(query, in: $0) }
        }
    }

    /// Whether matches are shown best first rather than in their original order.
    public var ranksMatches: Bool { self == .fuzzy }
}
