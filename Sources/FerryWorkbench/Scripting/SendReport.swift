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
    /// The response checked against the contract (`# @contract`, `ferry run --contract`), `nil` without one.
    public var contract: ContractCheck?

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

    /// Every test the scripts declared, in the order they ran, then the contract's.
    public var tests: [ScriptTestResult] { outcomes.flatMap(\.tests) }

    /// What the scripts produced, in the order they ran, then the contract check as one more outcome: its test
    /// (``ContractCheck/testName``), or a warning line when no operation matched.
    public var outcomes: [ScriptOutcome] {
        scriptRuns.map(\.outcome) + (contract.map { [ScriptOutcome(contract: $0)] } ?? [])
    }

    /// Whether a script stopped with an error (an exception, the time limit, no engine).
    public var hasScriptError: Bool { scriptRuns.contains { $0.outcome.error != nil } }
}
