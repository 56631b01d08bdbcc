import FerryScript
import Foundation

extension ScriptRunner {
    /// The environment variable that sets the scripts' CPU time limit in seconds for `ferry send` and
    /// `ferry run` (5 unless set to a positive number): for scripts that need longer, and for tests that must
    /// see a script stopped by Ctrl-C rather than by its limit.
    static let limitVariable = "FERRY_SCRIPT_SECONDS"

    /// A runner with the limit ``limitVariable`` sets, else the default.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ScriptRunner {
        ScriptRunner(limit: limit(from: environment))
    }

    /// The limit ``limitVariable`` sets in `environment`, else 5 s (the workbench's too).
    static func limit(from environment: [String: String] = ProcessInfo.processInfo.environment) -> Duration {
        guard let text = environment[limitVariable], let seconds = Double(text), seconds > 0, seconds.isFinite else {
            return .seconds(5)
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
