import FerryHTTP

/// A usage problem, with a message for people (arguments quoted short with ``InputExcerpt``).
struct UsageError: Error {
    /// What is wrong.
    var message: String

    /// A problem described by `message`.
    init(_ message: String) { self.message = message }

    /// The name and value of a `--var NAME=VALUE` argument (the value may hold `=`).
    static func variableAssignment(_ pair: String) throws(UsageError) -> (name: String, value: String) {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw UsageError("--var expects NAME=VALUE, got \(InputExcerpt(pair))")
        }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
}
