import FerryScript

/// The scripts' side of a sender: the engine that runs pre-request scripts and response handlers, and the
/// variables they set with `client.global.set`, which resolve `{{name}}` in later requests.
///
/// One value per workbench session, per `ferry run` and per `ferry send`: the globals last as long as it.
/// JavaScriptCore is opened at the first script, so a sender whose requests have none never loads it.
public struct Scripting: Sendable {
    /// Runs the scripts (one engine, made at the first script).
    public let runner: ScriptRunner
    /// What scripts set with `client.global.set`.
    public let globals: ScriptGlobals

    /// Scripting whose scripts are stopped after `limit` (5 s unless given), with no globals yet.
    public init(limit: Duration = .seconds(5)) {
        self.runner = ScriptRunner(limit: limit)
        self.globals = ScriptGlobals()
    }
}
