/// How one request of a run ended.
public enum RunOutcome: String, Sendable, Hashable, CaseIterable {
    /// Sent, and its status and tests hold.
    case passed
    /// Sent, but its status is an error that no test accepts, or a test failed.
    case failed
    /// The transfer failed (connection, TLS, timeout…): there is no response to judge.
    case transportError
    /// Not sent: the request is broken where it is written (a located input error).
    case invalid
    /// Not sent: left out by the filter, or after the first failure with fail-fast.
    case skipped

    /// The verdict on a request that was answered with `status` and ran `tests`: when it has tests, the tests
    /// decide (a test may accept a 404); without tests, a status of 400 or more fails.
    public static func judging(status: Int, tests: [RunTestResult]) -> RunOutcome {
        if !tests.isEmpty { return tests.allSatisfy(\.passed) ? .passed : .failed }
        return status >= 400 ? .failed : .passed
    }

    /// Whether the request counts against the run (failed, transport error or invalid).
    public var isFailure: Bool {
        switch self {
        case .failed, .transportError, .invalid: true
        case .passed, .skipped: false
        }
    }
}
