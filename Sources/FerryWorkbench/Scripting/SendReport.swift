import Foundation

/// What happened around one send besides the transfer, handed to the caller once, before the transfer's
/// last event: the scripts that ran and what they produced, the files the body was saved to (`>>`), and
/// problems that did not stop the send (a history or an output that could not be written).
public struct SendReport: Sendable {
    /// The pre-request scripts, in file order (they ran before the request was resolved).
    public var preRequestScripts: [ScriptRun]
    /// The response handlers, in file order; empty when no response arrived.
    public var handlers: [ScriptRun]
    /// The files the response body was written to.
    public var savedFiles: [URL]
    /// Problems in words (with `file:line` where there is one); the send stands.
    public var problems: [String]

    /// A report with the given parts.
    public init(
        preRequestScripts: [ScriptRun] = [], handlers: [ScriptRun] = [], savedFiles: [URL] = [],
        problems: [String] = []
    ) {
        self.preRequestScripts = preRequestScripts
        self.handlers = handlers
        self.savedFiles = savedFiles
        self.problems = problems
    }

    /// Every script run, pre-request scripts first.
    public var scriptRuns: [ScriptRun] { preRequestScripts + handlers }

    /// Every test the scripts declared, in the order they ran.
    public var tests: [ScriptTestResult] { scriptRuns.flatMap(\.outcome.tests) }

    /// Whether a script stopped with an error (an exception, the time limit, no engine).
    public var hasScriptError: Bool { scriptRuns.contains { $0.outcome.error != nil } }
}
