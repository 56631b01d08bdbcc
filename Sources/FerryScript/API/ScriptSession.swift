import FerryWorkbench

/// The state of one script run that the native functions read and write: the facts it sees and what it
/// produces.
final class ScriptSession {
    let origin: ScriptOrigin
    let globals: ScriptGlobals
    let request: ScriptRequestFacts
    let isPreRequest: Bool
    var tests: [ScriptTestResult] = []
    var log: [String] = []
    var variables: [String: String] = [:]
    /// The messages a WebSocket handler's callbacks sent with `output()` during the current delivery.
    var outputs: [String] = []
    /// How long `sleep()` and the timers of `setTimeout()` have waited in this run, in milliseconds.
    var slept = 0.0
    /// The most they may wait in one run, in milliseconds: as long as a script may run.
    static let sleepLimit = 5000.0

    init(origin: ScriptOrigin, globals: ScriptGlobals, request: ScriptRequestFacts, isPreRequest: Bool) {
        self.origin = origin
        self.globals = globals
        self.request = request
        self.isPreRequest = isPreRequest
    }

    /// The source URL the script is evaluated under, which its stack frames name.
    var sourceURL: String { origin.path }

    /// The file location of line `line` (column `column`) as numbered when evaluated: the script is
    /// wrapped in a function whose first line is line 1, so its own first line is line 2.
    func location(evaluatedLine line: Int, column: Int?) -> ScriptLocation {
        ScriptLocation(path: origin.path, line: origin.line + max(0, line - 2), column: column)
    }

    /// The innermost frame of `stack` in this script, else the script's first line.
    func location(stack: String) -> ScriptLocation {
        guard let frame = innermostFrame(in: stack, sourceURL: sourceURL) else {
            return ScriptLocation(path: origin.path, line: origin.line)
        }
        return location(evaluatedLine: frame.line, column: frame.column)
    }
}

/// The session the native functions serve; the engine sets it for each run.
final class SessionSlot {
    var session: ScriptSession?
}
