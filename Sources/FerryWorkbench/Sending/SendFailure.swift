/// Why a plan could not be prepared, in words for people (with `file:line` where there is one).
public struct SendFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problem in words.
    public var description: String
    /// The variable error behind it, when a variable was the problem.
    public var variableError: VariableError?

    /// A failure with the given words.
    public init(_ description: String, variableError: VariableError? = nil) {
        self.description = description
        self.variableError = variableError
    }
}
