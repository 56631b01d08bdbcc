/// Why a plan could not be prepared, in words for people (with `file:line` where there is one).
public struct SendFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problem in words.
    public var description: String
    /// The variable error behind it, when a variable was the problem.
    public var variableError: VariableError?
    /// The error of the pre-request script that stopped, when a script was the problem.
    public var scriptError: ScriptError?

    /// A failure with the given words.
    public init(_ description: String, variableError: VariableError? = nil, scriptError: ScriptError? = nil) {
        self.description = description
        self.variableError = variableError
        self.scriptError = scriptError
    }
}
