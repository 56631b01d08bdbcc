// MARK: - The first results of a query on a document, and an honest count of the rest

/// The first results of a query and how many it has in all (see
/// ``JSONQuery/firstResults(in:keeping:countingUpTo:)``).
public struct JSONQueryResults: Sendable, Hashable {
    /// The first results, in order: at most as many as were asked for.
    public var first: [JSONQueryResult] = []
    /// How many results were counted: all of them when `isComplete`, else the count limit.
    public var total = 0
    /// Whether `total` is every result (`false`: counting stopped at the limit, there are more).
    public var isComplete = true

    /// No results yet.
    public init() {}
}

extension JSONQuery {
    /// Applies the query to `document` and keeps its first `limit` results, counting the rest up to
    /// `countLimit` without storing them: a query with more results than a viewer shows is never an error.
    ///
    /// Results flow out one at a time (depth first, which is document order), so iterating or recursing over a
    /// large document allocates nothing per result beyond the first `limit`; once `countLimit` results are
    /// counted the walk stops and `isComplete` is `false`. Errors are those of ``evaluate(in:maximumResults:)``
    /// for the part of the document walked.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: #"[1, 2, 3, 4]"#)
    /// let found = try JSONQuery("$[*]").firstResults(in: document, keeping: 2, countingUpTo: 10)
    /// // found.first == [.node(1), .node(2)], found.total == 4, found.isComplete
    /// ```
    public func firstResults(in document: JSONDocument, keeping limit: Int, countingUpTo countLimit: Int)
        throws(JSONQueryError) -> JSONQueryResults
    {
        var found = JSONQueryResults()
        // A jq `[f]` or `map(f)` may gather more than are counted (`map(.id) | length` of a large array).
        try forEachResult(in: document, collectLimit: max(countLimit, 1_000_000)) { result in
            guard found.total < countLimit else {
                found.isComplete = false
                return false
            }
            found.total += 1
            if found.first.count < limit { found.first.append(result) }
            return true
        }
        return found
    }
}
