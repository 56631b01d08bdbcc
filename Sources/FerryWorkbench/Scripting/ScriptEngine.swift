/// Runs the scripts of `.http` requests: pre-request scripts, response handlers, and the handlers of a WebSocket
/// conversation while it is open.
///
/// FerryWorkbench declares what it asks of an engine and never runs JavaScript itself, so it builds without
/// JavaScriptCore. `ferry` and the app inject FerryScript's `ScriptRunner` (the JetBrains HTTP Client API on
/// JavaScriptCore); a program that runs no scripts gives ``NoScriptEngine``.
///
/// ```swift
/// let sender = RequestSender(client: client, scripting: Scripting(engine: ScriptRunner()))
/// ```
///
/// Runs may block the calling thread for as long as the engine's time limit: the sender calls them from its
/// transfer's executor, never the main actor.
public protocol ScriptEngine: Sendable {
    /// Runs a pre-request script (`< {% … %}` or `< ./script.js`): it can read `request` and set
    /// `request.variables`, which the outcome's `requestVariables` carries back.
    func runPreRequest(_ script: Script, request: ScriptRequestFacts, globals: ScriptGlobals) -> ScriptOutcome

    /// Runs a response handler (`> {% … %}` or `> ./handler.js`): it reads `response` (and `request`
    /// read-only), sets `client.global` values and declares tests.
    func runHandler(
        _ script: Script, request: ScriptRequestFacts, response: ScriptResponseFacts, globals: ScriptGlobals
    ) -> ScriptOutcome

    /// Starts a response handler of a WebSocket conversation that has just opened (`response` is the `101`
    /// handshake); the handler then gets each message while the conversation lasts.
    func startLiveHandler(
        _ script: Script, request: ScriptRequestFacts, response: ScriptResponseFacts, globals: ScriptGlobals
    ) -> any LiveScriptHandler

    /// Gets ready for a script known to come (a request with a handler is being sent), so it does not wait
    /// for the engine; returns at once.
    func warmUp()
}

/// A response handler of an open WebSocket conversation (``ScriptEngine/startLiveHandler(_:request:response:globals:)``).
public protocol LiveScriptHandler: Sendable {
    /// Hands `message`, just received, to the handler's listening callbacks; returns the messages they sent
    /// with `output()`, in order, for the caller to send.
    func deliver(_ message: String) -> [String]

    /// Whether one of the handler's callbacks still listens for messages.
    var isListening: Bool { get }

    /// Ends the handler once its conversation ended; returns what it produced in all. Calling it again
    /// returns the same outcome.
    func finish() -> ScriptOutcome
}
