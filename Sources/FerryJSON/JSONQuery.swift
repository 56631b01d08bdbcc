/// A path query in a small subset of jq, for the response filter and for assertions.
///
/// | syntax | meaning |
/// | --- | --- |
/// | `.` | the input |
/// | `.a`, `."a b"`, `.["a b"]` | a member (`null` when missing or when the input is `null`) |
/// | `[0]`, `[-1]` | an element (`null` when out of range) |
/// | `[]` | every element of an array, every member value of an object |
/// | `[2:5]`, `[:3]`, `[-2:]` | a slice of an array or a string |
/// | `..` | the input and everything under it, depth first |
/// | `..id` | every member named `id`, at any depth |
/// | `length` | elements, members, characters; `0` for null; the absolute value of a number |
/// | `keys` | an object's keys in document order (jq sorts them), an array's indices |
/// | `a \| b` | `b` applied to each result of `a` |
///
/// ```swift
/// let query = try JSONQuery(".items[].name")
/// let names = try query.evaluate(json)      // ["ferry", "dock"]
/// try JSONQuery(".items | length").evaluate(json)  // [2]
/// ```
public struct JSONQuery: Sendable, Hashable, CustomStringConvertible {
    /// One step, applied to each value of the stream.
    enum Operation: Sendable, Hashable {
        case key(String)
        case index(Int)
        case slice(Int?, Int?)
        case iterate
        case recurse(String?)
        case length
        case keys
    }

    /// An operation and the column it starts at.
    struct Step: Sendable, Hashable {
        var operation: Operation
        var column: Int
    }

    /// The query as written.
    public let text: String
    let steps: [Step]

    /// Reads `text`; unknown syntax throws an error pointing at its column.
    public init(_ text: String) throws(JSONQueryError) {
        var parser = JSONQueryParser(text)
        steps = try parser.parse()
        self.text = text
    }

    /// The query as written.
    public var description: String { text }
}
