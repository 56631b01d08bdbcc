import FerryWorkbench

/// The runner is the workbench's script engine: `ferry` and the app inject it into the senders they make
/// (`RequestSender(client:scripting:)`), so FerryWorkbench itself builds without JavaScriptCore.
extension ScriptRunner: ScriptEngine {
    /// Starts `script` as a live handler (``startHandler(_:request:response:globals:)``); its messages go
    /// through this runner.
    public func startLiveHandler(
        _ script: Script, request: ScriptRequestFacts, response: ScriptResponseFacts, globals: ScriptGlobals
    ) -> any LiveScriptHandler {
        RunnerLiveHandler(
            runner: self, handler: startHandler(script, request: request, response: response, globals: globals))
    }
}

/// A live handler with the runner that runs it, as the workbench holds one.
private struct RunnerLiveHandler: LiveScriptHandler {
    let runner: ScriptRunner
    let handler: LiveHandler

    func deliver(_ message: String) -> [String] { runner.deliver(message, to: handler) }

    var isListening: Bool { runner.isListening(handler) }

    func finish() -> ScriptOutcome { runner.finish(handler) }
}
