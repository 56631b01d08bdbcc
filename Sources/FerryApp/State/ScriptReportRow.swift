import FerryWorkbench

/// One line of the Tests tab: a test's verdict, a `client.log` line, or why a script stopped; the place in
/// a file it points at, when it has one (Enter opens it).
enum ScriptReportRow: Sendable, Hashable {
    /// A `client.test` (or a failed `client.assert` outside a test).
    case test(ScriptTestResult)
    /// A line the script logged.
    case log(String)
    /// The script stopped early: an exception, the time limit, or no JavaScriptCore.
    case error(ScriptError)

    /// The rows of `outcomes`, in the order the scripts ran: each script's tests, its log, then its error.
    static func rows(_ outcomes: [ScriptOutcome]) -> [ScriptReportRow] {
        outcomes.flatMap { outcome in
            outcome.tests.map(ScriptReportRow.test) + outcome.log.map(ScriptReportRow.log)
                + (outcome.error.map { [ScriptReportRow.error($0)] } ?? [])
        }
    }

    /// The place in a file the row points at.
    var location: ScriptLocation? {
        switch self {
        case .test(let test): test.location
        case .log: nil
        case .error(let error): error.location
        }
    }
}
