import FerryHTTP
import FerryScript
import FerryWorkbench

extension RequestSender {
    /// A sender through `client` whose scripts run on the real engine (FerryScript's `ScriptRunner`), as `ferry`
    /// and the app inject it: the suites that send requests with scripts exercise JavaScriptCore.
    init(client: HTTPClient) {
        self.init(client: client, scripting: Scripting(engine: ScriptRunner()))
    }
}
