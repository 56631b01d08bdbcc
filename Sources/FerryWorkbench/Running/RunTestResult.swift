/// One test of a request in a run (a script's `client.test`), with its verdict and where it is written.
public struct RunTestResult: Sendable, Hashable {
    /// The test's name as the script gives it.
    public var name: String
    /// Whether the test held.
    public var passed: Bool
    /// Why it failed (or what it logged), secrets masked; `nil` when there is nothing to say.
    public var message: String?
    /// Where the test is written (the `.http` file's line, or the handler file's), when known.
    public var location: SourceLocation?

    /// A test result with the given parts.
    public init(name: String, passed: Bool, message: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.passed = passed
        self.message = message
        self.location = location
    }
}

extension RunTestResult {
    /// A script's test as the run reports it.
    init(_ test: ScriptTestResult) {
        self.init(
            name: test.name, passed: test.passed, message: test.message,
            location: SourceLocation(
                file: test.location.path, line: test.location.line, column: test.location.column ?? 1))
    }
}
