/// A filter in the jq subset ``JQParser`` reads: what each input turns into (none, one or several results).
/// Steps that can fail keep the column they were written at, for the error.
indirect enum JQFilter: Sendable, Hashable {
    /// `.`: the input.
    case identity
    /// `..`: the input and everything under it, depth first.
    case recurse
    /// `..name`: every member named `name` at any depth (a Ferry shorthand for `.. | .name? // empty`).
    case recurseMember([UInt8])
    /// `.name`, `."name"`, `.["name"]`: a member, `null` when missing or when the input is `null`.
    case member(String, column: Int)
    /// `.[n]`: an element, `null` when out of range; negative counts from the end.
    case index(Int, column: Int)
    /// `.[a:b]`: part of an array or a string.
    case slice(Int?, Int?, column: Int)
    /// `.[]`: every element, or every member value.
    case iterate(column: Int)
    /// `a | b`: `b` on each result of `a`.
    case pipe(JQFilter, JQFilter)
    /// `a, b`: the results of `a`, then those of `b`.
    case comma(JQFilter, JQFilter)
    /// `a // b`: the results of `a` that are neither `false` nor `null`, or else those of `b`.
    case alternative(JQFilter, JQFilter)
    /// A literal: `1`, `"x"`, `true`, `false`, `null`.
    case literal(JSONValue)
    /// `a == b` and the other comparisons, for every pair of results.
    case comparison(JQFilter, JSONPathComparison, JQFilter)
    /// `a and b`.
    case and(JQFilter, JQFilter)
    /// `a or b`.
    case or(JQFilter, JQFilter)
    /// `[f]`: the results of `f` in one array.
    case collect(JQFilter)
    /// `f?`: the results of `f` up to its first error, which is dropped.
    case optional(JQFilter)
    /// A built-in function with its arguments.
    case call(JQFunction, [JQFilter], column: Int)

    /// Whether the filter gives at most one result: members and indices only.
    var isSingular: Bool {
        switch self {
        case .identity, .member, .index: true
        case .pipe(let first, let second): first.isSingular && second.isSingular
        default: false
        }
    }
}

/// The jq built-ins Ferry knows (`map`, `first` and `last` are rewritten when read).
enum JQFunction: String, Sendable, Hashable, CaseIterable {
    case length
    case keys
    case keysUnsorted = "keys_unsorted"
    case select
    case not
    case type
    case has
    case empty

    /// How many arguments the function takes.
    var arity: Int {
        switch self {
        case .select, .has: 1
        default: 0
        }
    }
}
