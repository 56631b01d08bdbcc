/// Why a dynamic value could not be made from the arguments given.
public struct DynamicValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the arguments, in words: `the range 10..<1 is empty`.
    public var message: String

    /// Creates an error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
