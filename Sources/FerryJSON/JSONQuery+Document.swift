// MARK: - Evaluation on a document's tape

/// One result of a query run on a ``JSONDocument``: a node of the document, or a value the query computed
/// (`length`, `keys`, a slice, or `null` for a missing member).
public enum JSONQueryResult: Sendable, Hashable {
    /// A node of the document (its path is `document.path(of:)`).
    case node(Int)
    /// A value that is not a node of the document.
    case value(JSONValue)
}

extension JSONQuery {
    /// Applies the query to `document` and returns every result, in order, as nodes where the result is
    /// one (so a viewer can show its path and go to it) and as values otherwise.
    ///
    /// Member, element, iteration and recursion steps walk the tape without materializing anything; a
    /// step that computes (`length`, `keys`, a slice) or fails reads the node as a ``JSONValue`` and gives
    /// exactly the results and errors of ``evaluate(_:maximumResults:)``.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: #"{"items": [{"id": 1}, {"id": 2}]}"#)
    /// try JSONQuery(".items[].id").evaluate(in: document)  // [.node(3), .node(5)]
    /// ```
    public func evaluate(in document: JSONDocument, maximumResults: Int = 1_000_000) throws(JSONQueryError)
        -> [JSONQueryResult]
    {
        var stream: [JSONQueryResult] = [.node(document.root)]
        for step in steps {
            var next: [JSONQueryResult] = []
            for result in stream {
                switch result {
                case .node(let node):
                    try apply(step, to: node, in: document, into: &next, limit: maximumResults)
                case .value(let value):
                    var values: [JSONValue] = []
                    try apply(step, to: value, into: &values)
                    next.append(contentsOf: values.map(JSONQueryResult.value))
                }
                guard next.count <= maximumResults else {
                    throw failure("more than \(maximumResults) results", step)
                }
            }
            stream = next
        }
        return stream
    }

    /// One step on a node; anything but walking falls back to the value evaluation.
    func apply(
        _ step: Step, to node: Int, in document: JSONDocument, into output: inout [JSONQueryResult], limit: Int
    ) throws(JSONQueryError) {
        let kind = document.kind(of: node)
        switch (step.operation, kind) {
        case (.key(let key), .object):
            // Duplicate keys: the last one wins, as in `JSONObject` lookups.
            var found: Int?
            for child in document.children(of: node) where document.key(of: child) == key { found = child }
            output.append(found.map(JSONQueryResult.node) ?? .value(.null))
        case (.index(let index), .array):
            let count = document.childCount(of: node)
            let resolved = index < 0 ? count + index : index
            guard (0..<count).contains(resolved) else {
                output.append(.value(.null))
                return
            }
            for (position, child) in document.children(of: node).enumerated() where position == resolved {
                output.append(.node(child))
                return
            }
        case (.iterate, .array), (.iterate, .object):
            output.append(contentsOf: document.children(of: node).map(JSONQueryResult.node))
        case (.recurse(nil), _):
            // Depth first with the value before its children is document order: the whole subtree (refused
            // before anything is allocated when it alone is past the limit: `..` of a 50 MB body).
            guard output.count + document.subtreeCount(of: node) <= limit else {
                throw failure("more than \(limit) results", step)
            }
            output.append(contentsOf: (node..<(node + document.subtreeCount(of: node))).map(JSONQueryResult.node))
        case (.recurse(let key?), _):
            for descendant in node..<(node + document.subtreeCount(of: node))
            where document.kind(of: descendant) == .object {
                var found: Int?
                for child in document.children(of: descendant) where document.key(of: child) == key { found = child }
                if let found { output.append(.node(found)) }
            }
        default:
            var values: [JSONValue] = []
            try apply(step, to: document.value(at: node), into: &values)
            output.append(contentsOf: values.map(JSONQueryResult.value))
        }
    }
}
