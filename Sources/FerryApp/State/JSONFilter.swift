import FerryJSON

/// The results of a `/` filter with a FerryJSON query on a JSON body: what the Body tab lists instead of
/// the tree while it is active.
struct JSONFilter: Sendable, Hashable {
    /// One result: a node of the document (with its path), or a value the query computed.
    struct Result: Sendable, Hashable {
        /// The node, when the result is part of the document (the tree cursor follows it).
        var node: Int?
        /// `.items[0].name`, or `=` for a computed value.
        var path: String
        /// The value on one line, cut.
        var preview: String
        /// What kind of value it is, for its colour.
        var kind: JSONNodeKind
    }

    /// The query as typed.
    var query: String
    /// How many results the query had (more than `results` when cut at the match limit).
    var total: Int
    /// Whether `total` counts every result (`false`: counting stopped there, and there are more).
    var isCountComplete = true
    /// Why the query could not run (bad syntax or a type error), with its column in `query`.
    var error: JSONQueryError?
    /// The results listed, in order.
    var results: [Result] = []

    /// A filter with no results yet.
    init(query: String, total: Int, error: JSONQueryError? = nil) {
        self.query = query
        self.total = total
        self.error = error
    }

    /// The first result row shown in a list of `height` rows when `selected` is the current one.
    static func firstRow(selected: Int, height: Int) -> Int {
        guard height > 0 else { return 0 }
        return max(0, selected - height + 1)
    }

    /// The rows above the results: the count line (and the error's query and caret lines).
    var headerHeight: Int { error == nil ? 1 : 3 }

    /// The count, or the error, in words.
    var summary: String {
        if let error { return "Cannot filter with \(query): column \(error.column): \(error.message)" }
        if results.isEmpty { return "No match for \(query)." }
        let count = (isCountComplete ? "" : "more than ") + BodySearch.formatCount(total)
        let shown =
            results.count < total || !isCountComplete ? "first \(BodySearch.formatCount(results.count)) of " : ""
        return "\(shown)\(count) match\(total == 1 && isCountComplete ? "" : "es") for \(query)"
    }
}
