/// The scripts' side of a sender: the engine that runs pre-request scripts and response handlers, and the
/// variables they set with `client.global.set`, which resolve `{{name}}` in later requests.
///
/// One value per workbench session, per `ferry run` and per `ferry send`: the globals last as long as it.
/// The engine is injected (``ScriptEngine``): `ferry` and the app give FerryScript's `ScriptRunner`, which opens
/// JavaScriptCore at the first script, so a sender whose requests have none never loads it.
public struct Scripting: Sendable {
    /// Runs the scripts.
    public let engine: any ScriptEngine
    /// What scripts set with `client.global.set`.
    public let globals: ScriptGlobals

    /// Scripting run by `engine`, with no globals yet.
    public init(engine: any ScriptEngine) {
        self.engine = engine
        self.globals = ScriptGlobals()
    }
}
