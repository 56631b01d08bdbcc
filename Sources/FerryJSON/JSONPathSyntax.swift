/// A JSONPath query as RFC 9535 defines it, read by ``JSONPathParser``: `$` (or `@` in a filter) and segments.
struct JSONPathQuery: Sendable, Hashable {
    /// Whether the query starts at the current node (`@`) rather than the root (`$`).
    var isRelative: Bool
    /// The segments, applied in order.
    var segments: [Segment]

    /// One child (`[…]`, `.name`, `.*`) or descendant (`..[…]`, `..name`, `..*`) segment.
    struct Segment: Sendable, Hashable {
        /// Whether the selectors apply to the input node and all its descendants.
        var isDescendant: Bool
        /// The selectors, whose results are concatenated in order.
        var selectors: [Selector]
    }

    /// One selector of a segment.
    enum Selector: Sendable, Hashable {
        /// An object member by name (its UTF-8, compared on the tape).
        case name([UInt8])
        /// Every element or member value.
        case wildcard
        /// An array element; negative counts from the end.
        case index(Int)
        /// `start:end:step`.
        case slice(start: Int?, end: Int?, step: Int?)
        /// The elements or member values for which the expression is true.
        case filter(JSONPathFilter)
    }

    /// Whether the query selects at most one node (RFC 9535's singular query): name and index selectors only,
    /// one per child segment.
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

/// A filter selector's logical expression (`?@.price < 10 && @.tags`), type-checked as RFC 9535 requires.
indirect enum JSONPathFilter: Sendable, Hashable {
    /// All must hold.
    case and([JSONPathFilter])
    /// One must hold.
    case or([JSONPathFilter])
    /// The expression does not hold.
    case not(JSONPathFilter)
    /// The query selects at least one node.
    case exists(JSONPathQuery)
    /// A function of LogicalType (`match`, `search`) holds.
    case function(JSONPathFunctionCall)
    /// Two comparables compare so.
    case comparison(JSONPathComparable, JSONPathComparison, JSONPathComparable)
}

/// One side of a comparison: a literal, a singular query, or a function of ValueType.
enum JSONPathComparable: Sendable, Hashable {
    /// A JSON literal.
    case literal(JSONValue)
    /// A singular query: its node's value, or Nothing.
    case query(JSONPathQuery)
    /// A function returning a value (or Nothing).
    case function(JSONPathFunctionCall)
}

/// `==`, `!=`, `<`, `<=`, `>`, `>=`.
enum JSONPathComparison: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// A call of one of RFC 9535's functions with its type-checked arguments.
struct JSONPathFunctionCall: Sendable, Hashable {
    /// The function called.
    var function: JSONPathFunction
    /// The arguments, as many as the function takes.
    var arguments: [Argument]

    /// An argument: a value (for ValueType parameters) or a node list (for NodesType ones).
    enum Argument: Sendable, Hashable {
        /// A value or Nothing.
        case value(JSONPathComparable)
        /// A query's whole node list.
        case nodes(JSONPathQuery)
    }
}

/// The functions RFC 9535 defines, with their parameter and result types.
enum JSONPathFunction: String, Sendable, Hashable, CaseIterable {
    case length
    case count
    case match
    case search
    case value

    /// The types a function's parameters and results have.
    enum ValueKind: Sendable {
        /// A JSON value or Nothing.
        case value
        /// True or false.
        case logical
        /// A node list.
        case nodes
    }

    /// The parameters' types, in order.
    var parameters: [ValueKind] {
        switch self {
        case .length: [.value]
        case .count, .value: [.nodes]
        case .match, .search: [.value, .value]
        }
    }

    /// The result's type.
    var result: ValueKind {
        switch self {
        case .length, .count, .value: .value
        case .match, .search: .logical
        }
    }
}
