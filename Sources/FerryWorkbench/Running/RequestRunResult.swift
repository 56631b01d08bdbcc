/// What one request of a run did: where it is written, what came back, how long it took, its verdict, its
/// tests and its log. Everything that quotes the request or the server has its secrets masked.
public struct RequestRunResult: Sendable {
    /// The request's id in the workspace.
    public var id: RequestID
    /// The request's 0-based position in its file.
    public var position: Int
    /// Where the request is written (its request line).
    public var location: SourceLocation
    /// The `run` line that brought the request into the run, if one did (``ComposedStep/ranBy``).
    public var ranBy: SourceLocation?
    /// The 0-based place of the request among what its file's run sends (`CollectionRun.plannedSteps`): its
    /// position, unless `run` lines bring in other requests.
    public var step: Int
    /// The method, as sent (or as written, when it was not sent).
    public var method: String
    /// The URL with secrets masked; empty when the request could not be resolved.
    public var maskedURL: String
    /// The response status, when a response (or its head) arrived.
    public var status: Int?
    /// From the start of the send to its end, retries included; zero when it was not sent.
    public var duration: Duration
    /// The verdict.
    public var outcome: RunOutcome
    /// Why it failed, was invalid or was skipped, in words (secrets masked); `nil` when it passed.
    public var message: String?
    /// The request's tests, in the order they ran (empty until scripts run).
    public var tests: [RunTestResult]
    /// What the send logged: retries, warnings (and, with scripts, `client.log` lines).
    public var log: [String]
    /// Why a script of the request stopped (an exception, the time limit, no engine), each located, in the
    /// order the scripts ran; a pre-request script's error means the request was not sent.
    public var scriptErrors: [ScriptError] = []
    /// What went on the wire and came back, when the runner keeps exchanges
    /// (``CollectionRunner/keepsExchanges``) and the request was sent; `nil` otherwise.
    public var exchange: RunExchange?
    /// The pass over the files it belongs to (``RunIteration/index``).
    public var iteration = 0
    /// The pass's name (``RunIteration/name``), `nil` in a run of one pass.
    public var iterationName: String?
    /// When it started, from the start of the run (zero when it was not sent): the reports' waterfall.
    public var startOffset: Duration = .zero

    /// A result with the given parts.
    public init(
        id: RequestID, position: Int, location: SourceLocation, method: String, maskedURL: String = "",
        status: Int? = nil, duration: Duration = .zero, outcome: RunOutcome, message: String? = nil,
        tests: [RunTestResult] = [], log: [String] = []
    ) {
        self.id = id
        self.position = position
        self.step = position
        self.location = location
        self.method = method
        self.maskedURL = maskedURL
        self.status = status
        self.duration = duration
        self.outcome = outcome
        self.message = message
        self.tests = tests
        self.log = log
    }

    /// The file whose run sent the request: the one of its `run` line, else its own.
    public var runPath: String { ranBy?.file ?? id.path }

    /// The request's id and, in a run of several passes, the pass: `a.http#login [row 2 (alice)]`. The
    /// name a report gives the request's test case.
    public var caseName: String {
        iterationName.map { "\(id) [\($0)]" } ?? id.description
    }

    /// Whether the request was sent and answered (passed or failed on its merits).
    public var wasAnswered: Bool { outcome == .passed || outcome == .failed }

    /// The tests that failed.
    public var failedTests: [RunTestResult] { tests.filter { !$0.passed } }
}
