import FerryWorkbench

/// Prints what a request's scripts produced on standard error: their log, each test as a mark and its name
/// (and why it failed, where), and a script that stopped with an error, located.
enum ScriptReportPrinter {
    /// Prints `report`'s script runs and contract check, each line prefixed for `command` where it is a message.
    static func print(_ report: SendReport, command: String) {
        for outcome in report.outcomes {
            for line in outcome.log { printError(line) }
            for test in outcome.tests { printError(describe(test)) }
            if let error = outcome.error { printError("\(command): script error: \(error)") }
        }
    }

    /// `test passed: name`, or `test failed: name: message (file:line)`.
    static func describe(_ test: ScriptTestResult) -> String {
        guard !test.passed else { return "test passed: \(test.name)" }
        let why = test.message.map { ": \($0)" } ?? ""
        return "test failed: \(test.name)\(why) (\(test.location))"
    }
}
