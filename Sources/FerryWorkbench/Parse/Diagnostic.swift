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
