/// The engine of a program that runs no scripts: every script ends at once, unrun, with an `engineMissing` error
/// saying so; a request without scripts never asks it anything.
///
/// ```swift
/// let sender = RequestSender(client: client, scripting: Scripting(engine: NoScriptEngine()))
/// ```
public struct NoScriptEngine: ScriptEngine {
    /// The engine that runs nothing.
    public init() {}

    /// An outcome with the `engineMissing` error; `script` does not run.
    public func runPreRequest(_ script: Script, request: ScriptRequestFacts, globals: ScriptGlobals) -> ScriptOutcome {
        Self.outcome
    }

    /// An outcome with the `engineMissing` error; `script` does not run.
    public func runHandler(
        _ script: Script, request: ScriptRequestFacts, response: ScriptResponseFacts, globals: ScriptGlobals
    ) -> ScriptOutcome {
        Self.outcome
    }

    /// A handler that never listens and finishes with the `engineMissing` error.
    public func startLiveHandler(
        _ script: Script, request: ScriptRequestFacts, response: ScriptResponseFacts, globals: ScriptGlobals
    ) -> any LiveScriptHandler {
        Unrun()
    }

    /// Does nothing: there is no engine to get ready.
    public func warmUp() {}

    private static var outcome: ScriptOutcome {
        var outcome = ScriptOutcome()
        outcome.error = ScriptError(
            message: "scripts cannot run: this program was built without a script engine", location: nil,
            kind: .engineMissing)
        return outcome
    }

    /// A live handler that never ran.
    private struct Unrun: LiveScriptHandler {
        func deliver(_ message: String) -> [String] { [] }
        var isListening: Bool { false }
        func finish() -> ScriptOutcome { NoScriptEngine.outcome }
    }
}
