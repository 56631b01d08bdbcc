/// A problem in a YAML document, at a 1-based line and column (columns count characters).
///
/// Thrown by ``YAMLReader`` when the input cannot be read; also used for the warnings a
/// ``YAMLDocument`` carries (such as a duplicate key).
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what was expected.
    public var message: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int

    /// Creates an error at `line`:`column`.
    public init(_ message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
