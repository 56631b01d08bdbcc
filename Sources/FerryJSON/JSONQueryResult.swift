/// One result of a ``JSONQuery`` run on a ``JSONDocument``: a node of the document, or a value the query
/// computed (jq's `length`, `keys`, a slice, `map(…)`, or `null` for a missing member).
public enum JSONQueryResult: Sendable, Hashable {
    /// A node of the document (its path is `document.path(of:)`).
    case node(Int)
    /// A value that is not a node of the document.
    case value(JSONValue)
}

extension JSONDocument {
    /// The value of `result`: the node's value read from the tape, or the computed value.
    public func value(of result: JSONQueryResult) -> JSONValue {
        switch result {
        case .node(let node): value(at: node)
        case .value(let value): value
        }
    }

    /// The kind of `result`'s value.
    func kind(of result: JSONQueryResult) -> JSONNodeKind {
        switch result {
        case .node(let node): kind(of: node)
        case .value(let value): value.kind
        }
    }
}
