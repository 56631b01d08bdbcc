/// Why a data file (`ferry run --data`) cannot be used, located at the file and line of the trouble.
public struct RunDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the trouble is.
    public var location: SourceLocation
    /// What is wrong, in words.
    public var message: String

    /// An error at `location`.
    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    /// `rows.csv:4: error: 3 fields, but the header has 2`.
    public var description: String { "\(location.file):\(location.line): error: \(message)" }
}
