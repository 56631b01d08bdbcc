import Foundation

/// Runs pre-request scripts and response handlers (the JetBrains HTTP Client API on JavaScriptCore).
///
/// JavaScriptCore is opened on the first run, not before, so a process that never runs a script never
/// maps it; one engine then serves every script of the runner. Runs are serialised and block the
/// calling thread for at most the time limit: call from a background task, not the main actor.
/// JavaScriptCore's C API is the same on macOS (the system framework), so only the library path differs.
public final class ScriptRunner: @unchecked Sendable {
    /// How long a script may run before it is stopped with a `timeout` error.
    public let limit: Duration
    private let lock = NSLock()
    private var engine: Result<ScriptEngine, ScriptError>?

    /// A runner whose scripts are stopped after `limit` (5 s unless given).
    public init(limit: Duration = .seconds(5)) {
        self.limit = limit
    }

    /// Runs a pre-request script (`< {% … %}` or `< ./script.js`): it can read `request` and set
    /// `request.variables`, which the outcome's `requestVariables` carries back.
    public func runPreRequest(_ script: Script, request: ScriptRequestFacts, globals: ScriptGlobals) -> ScriptOutcome {
        run(script, request: request, response: nil, globals: globals)
    }

    /// Runs a response handler (`> {% … %}` or `> ./handler.js`): it reads `response` (and `request`
    /// read-only), sets `client.global` values and declares tests.
    public func runHandler(
        _ script: Script, request: ScriptRequestFacts, response: ScriptResponseFacts, globals: ScriptGlobals
    ) -> ScriptOutcome {
        run(script, request: request, response: response, globals: globals)
    }

    private func run(
        _ script: Script, request: ScriptRequestFacts, response: ScriptResponseFacts?, globals: ScriptGlobals
    ) -> ScriptOutcome {
        lock.lock()
        defer { lock.unlock() }
        switch loadedEngine() {
        case .failure(let error):
            var outcome = ScriptOutcome()
            outcome.error = error
            return outcome
        case .success(let engine):
            let session = ScriptSession(
                origin: script.origin, globals: globals, request: request, isPreRequest: response == nil)
            return engine.run(script, session: session, response: response)
        }
    }

    /// Opens JavaScriptCore and makes the engine on a background thread, now, so the first script does not
    /// wait for it: call when a script is known to come (a request with a handler is being sent, a run's
    /// files have scripts). Returns at once; a script that starts meanwhile waits for the same engine, which
    /// is made once. Costs nothing when the engine is already made.
    public func warmUp() {
        guard lock.withLock({ engine == nil }) else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            lock.lock()
            defer { lock.unlock() }
            _ = loadedEngine()
        }
    }

    /// Whether the engine has been made (or failed to load): for tests and probes.
    public var isWarm: Bool {
        lock.withLock { engine != nil }
    }

    /// The engine, made on first use; a failure to load is remembered.
    private func loadedEngine() -> Result<ScriptEngine, ScriptError> {
        if let engine { return engine }
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        let made = JavaScriptLibrary.load().flatMap { api in
            Result { () throws(ScriptError) in try ScriptEngine(api: api, limitSeconds: seconds) }
        }
        engine = made
        return made
    }
}
