/// A run's events gathered into one account: the diagnostics and every request's result in run order (files
/// by path, requests by position), whatever order they finished in. The reports (``JUnitReport``,
/// ``JSONRunReport``) and a run's summary line are made from it. A report that keeps no results
/// (``init(keepsResults:)``) counts them only: the summary, the latency and the exit code need no more, and a long
/// run's memory then does not grow with its requests.
public struct RunReport: Sendable {
    /// The problems in the files that belong to no request, and the environment files' problems.
    public var diagnostics: [Diagnostic] = []
    /// Every request's result, in run order.
    public private(set) var results: [RequestRunResult] = []
    /// How long the whole run took.
    public var duration: Duration = .zero
    /// What a load run measured (`--duration`); `nil` for a run that sends each request once per pass.
    public var load: LoadReport?

    /// Whether ``results`` holds every result; when not, it stays empty and only the counts are kept.
    public let keepsResults: Bool
    /// How many results ended as each outcome.
    private var outcomes: [RunOutcome: Int] = [:]
    /// The durations of the answered requests, in the order they came.
    private var answeredDurations: [Duration] = []

    /// An empty report; `keepsResults: false` for one whose results are only counted (nothing reads them).
    public init(keepsResults: Bool = true) {
        self.keepsResults = keepsResults
    }

    /// Takes in one event of the run.
    public mutating func add(_ event: RunEvent) {
        switch event {
        case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
        case .result(let result):
            outcomes[result.outcome, default: 0] += 1
            if result.wasAnswered { answeredDurations.append(result.duration) }
            guard keepsResults else { return }
            // Results mostly come in run order: the common case appends; otherwise a binary search finds the place.
            guard let last = results.last, Self.precedes(result, last) else { return results.append(result) }
            var low = 0
            var high = results.count
            while low < high {
                let middle = (low + high) / 2
                if Self.precedes(result, results[middle]) { high = middle } else { low = middle + 1 }
            }
            results.insert(result, at: low)
        }
    }

    /// How many requests ended as `outcome`.
    public func count(_ outcome: RunOutcome) -> Int { outcomes[outcome] ?? 0 }

    /// The results file by file, in run order; a run of several passes lists each file once per pass, with the
    /// pass's name (``RunIteration/name``).
    public var files: [(path: String, iterationName: String?, results: [RequestRunResult])] {
        var grouped: [(path: String, iterationName: String?, results: [RequestRunResult])] = []
        for result in results {
            if let last = grouped.last, last.path == result.runPath, last.results[0].iteration == result.iteration {
                grouped[grouped.count - 1].results.append(result)
            } else {
                grouped.append((result.runPath, result.iterationName, [result]))
            }
        }
        return grouped
    }

    /// Whether any input was broken: an error diagnostic or an invalid request.
    public var hasInputErrors: Bool {
        diagnostics.contains { $0.severity == .error } || count(.invalid) > 0
    }

    /// The response times of the requests that were answered.
    public var latency: LatencySummary? { LatencySummary(answeredDurations) }

    /// `N passed, N failed` (failed counts transport errors and invalid requests too), then `, N skipped`
    /// when any were.
    public var summary: String {
        let failed = RunOutcome.allCases.filter(\.isFailure).reduce(0) { $0 + count($1) }
        let skipped = count(.skipped)
        return "\(count(.passed)) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }

    /// Whether `result` comes before `other` in run order.
    static func precedes(_ result: RequestRunResult, _ other: RequestRunResult) -> Bool {
        (result.iteration, result.runPath, result.step) < (other.iteration, other.runPath, other.step)
    }
}
