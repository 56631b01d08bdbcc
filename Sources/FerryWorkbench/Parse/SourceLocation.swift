/// A place in a source file: the file's path (as the workspace names it), a 1-based line and column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the workspace when it has one.
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in characters.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and compilers print.
    public var description: String { "\(file):\(line):\(column)" }
}
