import FerryWorkbench
import Foundation

/// Runs pre-request scripts and response handlers (the JetBrains HTTP Client API on JavaScriptCore).
///
/// JavaScriptCore is opened on the first run, not before, so a process that never runs a script never
/// maps it; one engine then serves every script of the runner, each script in a realm of its own (its own
/// global object and built-ins), so scripts share only `client.global`. Runs are serialised and block the
/// calling thread for at most the time limit: call from a background task, not the main actor. A script is
/// stopped when it used its time, when the process grew by more than the memory limit while it ran, or when
/// the task that runs it is canceled (within a twentieth of a second of the script's CPU time).
/// JavaScriptCore's C API is the same on macOS (the system framework), so only the library path differs.
public final class ScriptRunner: @unchecked Sendable {
    /// How much CPU time a script may use before it is stopped with a `timeout` error.
    public let limit: Duration
    /// How many bytes the process may grow by while a script runs before it is stopped with a `memoryLimit`
    /// error.
    public let memoryLimit: Int
    private let lock = NSLock()
    private var engine: Result<JavaScriptEngine, ScriptError>?
    private var liveHandlers = 0

    /// A runner whose scripts are stopped after `limit` of CPU time (5 s unless given) or once the process
    /// grew by `memoryLimit` bytes while one ran (512 MiB unless given).
    public init(limit: Duration = .seconds(5), memoryLimit: Int = 512 << 20) {
        self.limit = limit
        self.memoryLimit = memoryLimit
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
            defer { retireIfStopped(engine) }
            return engine.run(script, session: session, response: response)
        }
    }

    // MARK: - WebSocket handlers

    /// Runs a response handler of a WebSocket conversation that has just opened (`response` is the `101`
    /// handshake): the callbacks its `response.body.onEachMessage(callback, onFinish)` subscribes then get
    /// each message through ``deliver(_:to:)`` while the conversation lasts, and ``finish(_:)`` ends it.
    public func startHandler(
        _ script: Script, request: ScriptRequestFacts, response: ScriptResponseFacts, globals: ScriptGlobals
    ) -> LiveHandler {
        lock.lock()
        defer { lock.unlock() }
        liveHandlers += 1
        switch loadedEngine() {
        case .failure(let error):
            return LiveHandler(failing: error, id: liveHandlers)
        case .success(let engine):
            let realm: JavaScriptRealm
            do throws(ScriptError) {
                realm = try engine.makeRealm()
            } catch {
                return LiveHandler(failing: error, id: liveHandlers)
            }
            let session = ScriptSession(
                origin: script.origin, globals: globals, request: request, isPreRequest: false)
            defer { retireIfStopped(engine) }
            let outcome = engine.run(script, in: realm, session: session, response: response, liveID: liveHandlers)
            let handler = LiveHandler(id: liveHandlers, session: session, realm: realm, outcome: outcome)
            // A handler that subscribed nothing is never called again: no message costs it a call.
            if handler.isListening { handler.isListening = realm.listens(liveHandlers) }
            return handler
        }
    }

    /// Hands `message`, just received, to `handler`'s listening callbacks; returns the messages they sent
    /// with `output()`, in order, for the caller to send. A callback that throws or runs past the limit ends
    /// the handler's listening (its error is in the outcome); so does `client.exit()`.
    public func deliver(_ message: String, to handler: LiveHandler) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        guard handler.isListening, let session = handler.session, let realm = handler.realm else { return [] }
        // The engine the handler started in, which may no longer be the runner's.
        let engine = realm.engine
        defer { retireIfStopped(engine) }
        switch engine.deliver(message, toLive: handler.id, in: realm, session: session) {
        case .success(let listening): handler.isListening = listening
        case .failure(let error):
            handler.outcome.error = error
            handler.isListening = false
        }
        defer { session.outputs = [] }
        handler.outcome = handler.outcome.gathering(session)
        return session.outputs
    }

    /// Whether one of `handler`'s callbacks still listens (none did unsubscribe, fail or exit yet).
    public func isListening(_ handler: LiveHandler) -> Bool {
        lock.withLock { handler.isListening }
    }

    /// Ends `handler` once its conversation ended: `onFinish` runs for each subscription still listening
    /// (not after an error or `client.exit()`); returns what the handler produced in all. Calling it again
    /// returns the same outcome.
    public func finish(_ handler: LiveHandler) -> ScriptOutcome {
        lock.lock()
        defer { lock.unlock() }
        guard !handler.isFinished else { return handler.outcome }
        handler.isFinished = true
        handler.isListening = false
        guard let session = handler.session, let realm = handler.realm else { return handler.outcome }
        let engine = realm.engine
        defer { retireIfStopped(engine) }
        let quietly = handler.outcome.error != nil || handler.outcome.exited
        switch engine.finishLive(handler.id, in: realm, session: session, quietly: quietly) {
        case .success(let exited): if exited { handler.outcome.exited = true }
        case .failure(let error): handler.outcome.error = error
        }
        session.outputs = []
        handler.outcome = handler.outcome.gathering(session)
        handler.realm = nil
        engine.collectIfGrown()
        return handler.outcome
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

    /// Lets `engine` go once a script of it was stopped, so the next script gets a new one: a stop can leave
    /// the engine with jobs queued or a termination pending, which must not reach another script.
    private func retireIfStopped(_ engine: JavaScriptEngine) {
        guard engine.isSpent, case .success(let current) = self.engine, current === engine else { return }
        self.engine = nil
    }

    /// The engine, made on first use; a failure to load is remembered.
    private func loadedEngine() -> Result<JavaScriptEngine, ScriptError> {
        if let engine { return engine }
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        let made = JavaScriptLibrary.load().flatMap { api in
            Result { () throws(ScriptError) in
                try JavaScriptEngine(api: api, limitSeconds: seconds, memoryLimit: memoryLimit)
            }
        }
        engine = made
        return made
    }
}

/// A WebSocket conversation's response handler while the conversation is open
/// (``ScriptRunner/startHandler(_:request:response:globals:)``); its state is its runner's, read and changed
/// under the runner's lock.
public final class LiveHandler: @unchecked Sendable {
    fileprivate let id: Int
    fileprivate let session: ScriptSession?
    /// The handler's own realm, kept while the conversation lasts.
    fileprivate var realm: JavaScriptRealm?
    fileprivate var outcome: ScriptOutcome
    fileprivate var isListening: Bool
    fileprivate var isFinished = false

    fileprivate init(id: Int, session: ScriptSession?, realm: JavaScriptRealm?, outcome: ScriptOutcome) {
        self.id = id
        self.session = session
        self.realm = realm
        self.outcome = outcome
        isListening = session != nil && outcome.error == nil && !outcome.exited
    }

    /// A handler that could not start: `error` is its outcome.
    fileprivate convenience init(failing error: ScriptError, id: Int) {
        var outcome = ScriptOutcome()
        outcome.error = error
        self.init(id: id, session: nil, realm: nil, outcome: outcome)
    }
}
