/// Why a ``JSONQuery`` could not be read or applied, with the column of the offending step.
///
/// ```swift
/// do { _ = try JSONQuery(".items[]!name") } catch {
///     print(error)  // column 9: unexpected character '!'
///                   //   .items[]!name
///                   //           ^
/// }
/// ```
public struct JSONQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The 1-based column (in Unicode scalars) of the query where it went wrong.
    public var column: Int
    /// The query text.
    public var query: String

    /// Creates an error.
    public init(message: String, column: Int, query: String) {
        self.message = message
        self.column = column
        self.query = query
    }

    /// `column C: message`, the query, and a caret under the column.
    public var description: String {
        "column \(column): \(message)\n  \(query)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}
