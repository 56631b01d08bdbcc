import FerryWorkbench

/// A run of a file or folder in the workbench: what it runs, the results so far, and whether it is still
/// going. The run view lists it; ``rows`` is what the view draws and the selection moves over.
struct RunState: Sendable {
    /// One line of the run view.
    enum Row: Sendable, Hashable {
        /// A problem of the run's files that belongs to no request (index into ``diagnostics``).
        case diagnostic(Int)
        /// A request's result (index into ``results``).
        case result(Int)
        /// A failed test of a request: the result's index, then the test's among its failed tests.
        case failedTest(Int, Int)
        /// A script of a request that stopped (an exception, the time limit): the result's index, then the
        /// error's among its script errors.
        case scriptError(Int, Int)
    }

    /// The run's id; events of an earlier run carry another and are dropped.
    var id: Int
    /// The workspace path run (`""`: the whole workspace).
    var path: String
    /// The problems of the run's files that belong to no request.
    var diagnostics: [Diagnostic] = []
    /// The results in the order they finished.
    var results: [RequestRunResult] = []
    /// Whether requests are still being sent.
    var isRunning = true
    /// Whether the run was canceled before its end.
    var wasCanceled = false
    /// How a load test sends (`nil`: a run that sends each request once).
    var load: LoadModel?
    /// What a load test measured so far (`nil` before its first second).
    var loadProgress: LoadProgress?

    /// The lines of the view: problems first, then each result followed by its failed tests and its scripts'
    /// errors.
    var rows: [Row] {
        var rows = diagnostics.indices.map(Row.diagnostic)
        for (index, result) in results.enumerated() {
            rows.append(.result(index))
            rows += result.failedTests.indices.map { .failedTest(index, $0) }
            rows += result.scriptErrors.indices.map { .scriptError(index, $0) }
        }
        return rows
    }

    /// How many results have each verdict.
    func count(_ outcome: RunOutcome) -> Int { results.count(where: { $0.outcome == outcome }) }

    /// The spread of the answered requests' times, once one was answered.
    var latency: LatencySummary? { LatencySummary(results.filter(\.wasAnswered).map(\.duration)) }

    /// The result a row belongs to, when it belongs to one.
    func result(at row: Int) -> RequestRunResult? {
        guard rows.indices.contains(row) else { return nil }
        switch rows[row] {
        case .diagnostic: return nil
        case .result(let index), .failedTest(let index, _), .scriptError(let index, _): return results[index]
        }
    }

    /// The place in a file a row points at: a failed test's or a script error's, when known.
    func location(at row: Int) -> ScriptLocation? {
        guard rows.indices.contains(row) else { return nil }
        switch rows[row] {
        case .diagnostic, .result: return nil
        case .failedTest(let index, let test):
            return results[index].failedTests[test].location.map {
                ScriptLocation(path: $0.file, line: $0.line, column: $0.column)
            }
        case .scriptError(let index, let error): return results[index].scriptErrors[error].location
        }
    }
}
