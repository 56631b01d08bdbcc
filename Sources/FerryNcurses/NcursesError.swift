/// Why the ncurses backend could not start.
public struct NcursesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
