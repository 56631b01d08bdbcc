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
    /// Results flow through the steps one at a time (depth first, which is document order), so iterating or
    /// recursing over a large document allocates nothing per result beyond the first `limit`; once
    /// `countLimit` results are counted the walk stops and `isComplete` is `false`. Errors are those of
    /// ``evaluate(in:maximumResults:)`` for the part of the document walked.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: #"[1, 2, 3, 4]"#)
    /// let found = try JSONQuery(".[]").firstResults(in: document, keeping: 2, countingUpTo: 10)
    /// // found.first == [.node(1), .node(2)], found.total == 4, found.isComplete
    /// ```
    public func firstResults(in document: JSONDocument, keeping limit: Int, countingUpTo countLimit: Int)
        throws(JSONQueryError) -> JSONQueryResults
    {
        var found = JSONQueryResults()
        _ = try walk(.node(document.root), from: 0, in: document, keeping: limit, countLimit: countLimit, &found)
        return found
    }

    /// Feeds `result` through the steps from `index` on; `false` once the count limit is reached.
    private func walk(
        _ result: JSONQueryResult, from index: Int, in document: JSONDocument, keeping limit: Int, countLimit: Int,
        _ found: inout JSONQueryResults
    ) throws(JSONQueryError) -> Bool {
        guard index < steps.count else {
            guard found.total < countLimit else {
                found.isComplete = false
                return false
            }
            found.total += 1
            if found.first.count < limit { found.first.append(result) }
            return true
        }
        let step = steps[index]
        var next: [JSONQueryResult] = []
        switch result {
        case .node(let node):
            switch (step.operation, document.kind(of: node)) {
            case (.iterate, .array), (.iterate, .object):
                // Walked in place: the children of a 50 MB array are never listed first.
                for child in document.children(of: node) {
                    guard
                        try walk(
                            .node(child), from: index + 1, in: document, keeping: limit, countLimit: countLimit, &found)
                    else { return false }
                }
                return true
            case (.recurse(nil), _):
                for descendant in node..<(node + document.subtreeCount(of: node)) {
                    guard
                        try walk(
                            .node(descendant), from: index + 1, in: document, keeping: limit, countLimit: countLimit,
                            &found)
                    else { return false }
                }
                return true
            default:
                try apply(step, to: node, in: document, into: &next, limit: Int.max)
            }
        case .value(let value):
            var values: [JSONValue] = []
            try apply(step, to: value, into: &values)
            next = values.map(JSONQueryResult.value)
        }
        for item in next {
            guard try walk(item, from: index + 1, in: document, keeping: limit, countLimit: countLimit, &found)
            else { return false }
        }
        return true
    }
}
