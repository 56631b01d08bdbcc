import FerryScript
import FerryWorkbench
import Foundation

/// One runner for the suites, as a workbench session or `ferry run` has one.
let sharedRunner = ScriptRunner()

/// An inline script at `line` of a fictional `.http` file.
func inline(_ source: String, line: Int = 10, path: String = "/collections/api.http") -> Script {
    Script(source: source, origin: ScriptOrigin(path: path, line: line))
}

/// A plain GET request's facts.
let plainRequest = ScriptRequestFacts(method: "GET", rawURL: "http://127.0.0.1/get")
