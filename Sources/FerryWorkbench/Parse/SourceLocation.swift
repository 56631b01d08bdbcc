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

/// One problem found while reading a workspace file, with where it is and what was expected.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible, Error {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable {
        /// The input is broken; the part it concerns was skipped.
        case error
        /// The input loads but probably does not mean what it says.
        case warning
    }

    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong and what was expected.
    public var message: String
    /// Whether the input was skipped or merely looks wrong.
    public var severity: Severity

    /// Creates a diagnostic.
    public init(_ message: String, at location: SourceLocation, severity: Severity = .error) {
        self.message = message
        self.location = location
        self.severity = severity
    }

    /// `file:line:column: error: message`.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
