import FerryJSON

/// The results of a `/` filter with a FerryJSON query on a JSON body: what the Body tab shows instead of
/// the body's tree while it is active, as a foldable tree of its own (``tree``).
struct JSONFilter: Sendable, Equatable {
    /// One result: a node of the document (with its path), or a value the query computed.
    struct Result: Sendable, Hashable {
        /// The node, when the result is part of the document (the tree cursor follows it).
        var node: Int?
        /// `.items[0].name`, or `=` for a computed value.
        var path: String
        /// The value on one line, cut.
        var preview: String
        /// The value the query computed, written compactly (`nil` for a node of the document).
        var computed: [UInt8]? = nil
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
    /// The results as the same foldable tree as the body's: an object whose members are the results, each
    /// named by its path (`=` for a computed value), copies of the body's values while they fit in
    /// ``treeByteLimit`` (past it, a string saying the value's size). Its row 0 (the object itself) is never
    /// shown.
    var tree: JSONTree?
    /// Each result's node in ``tree``, in order.
    var resultRoots: [Int] = []
    /// The row of ``tree`` the cursor is on (from 1).
    var selectedRow = 1

    /// The most bytes of results copied into ``tree`` (a query for `.` on a 50 MB body never makes a second copy
    /// of the whole body).
    static let treeByteLimit = 4 << 20

    /// A filter with no results yet.
    init(query: String, total: Int, error: JSONQueryError? = nil) {
        self.query = query
        self.total = total
        self.error = error
    }

    /// The rows of ``tree`` shown (every visible row but the object holding the results).
    var treeRowCount: Int { max(0, (tree?.visibleRowCount ?? 0) - 1) }

    /// The result whose value holds the tree's `row`, when that result is in the tree.
    func resultIndex(ofRow row: Int) -> Int? {
        guard let tree, row >= 1, row < tree.visibleRowCount else { return nil }
        let node = tree.node(atRow: row)
        // The roots are in document order: the last one at or before the node holds it.
        var low = 0
        var high = resultRoots.count
        while low < high {
            let middle = (low + high) / 2
            if resultRoots[middle] <= node { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    /// The node of the body's document that the tree's `row` shows (the same place inside the result's value,
    /// since the tree's copy has the same nodes in the same order; the result itself for one too large to copy),
    /// or `nil` for a computed value.
    func documentNode(ofRow row: Int) -> Int? {
        guard let tree, let index = resultIndex(ofRow: row), let original = results[index].node else { return nil }
        return original + (tree.node(atRow: row) - resultRoots[index])
    }

    /// The tree's row of result `index` (`nil` without a tree).
    func row(ofResult index: Int) -> Int? {
        guard let tree, resultRoots.indices.contains(index) else { return nil }
        return tree.row(of: resultRoots[index])
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
