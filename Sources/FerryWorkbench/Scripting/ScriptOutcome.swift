/// One `client.test` (or failed `client.assert` outside a test) and how it went.
public struct ScriptTestResult: Sendable, Hashable {
    /// The test's name; for a failed assertion outside a test, its message.
    public var name: String
    /// Whether every assertion held and nothing threw.
    public var passed: Bool
    /// Why it failed, or nil when it passed.
    public var message: String?
    /// Where it failed (the failing `client.assert` or the throw), else where the test was declared.
    public var location: ScriptLocation

    /// A test result.
    public init(name: String, passed: Bool, message: String?, location: ScriptLocation) {
        self.name = name
        self.passed = passed
        self.message = message
        self.location = location
    }
}

/// A script that could not run to its end.
public struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the script stopped.
    public enum Kind: Sendable, Hashable {
        /// It threw (a JavaScript exception or a syntax error).
        case exception
        /// It ran past the time limit.
        case timeout
        /// The process grew by more than the scripts' memory limit while it ran.
        case memoryLimit
        /// Its send was canceled (Esc, Ctrl-C) while it ran.
        case canceled
        /// The engine could not be loaded (JavaScriptCore is missing) or none was given; the message says what to
        /// install.
        case engineMissing
    }

    /// What happened, in words.
    public var message: String
    /// Where, when known (not for `engineMissing`).
    public var location: ScriptLocation?
    /// Why the script stopped.
    public var kind: Kind

    /// An error of `kind`.
    public init(message: String, location: ScriptLocation?, kind: Kind) {
        self.message = message
        self.location = location
        self.kind = kind
    }

    /// `path:line:column: message`, or the message alone without a location.
    public var description: String { location.map { "\($0): \(message)" } ?? message }
}

/// What running one script produced.
public struct ScriptOutcome: Sendable, Hashable {
    /// The tests in the order they ran.
    public var tests: [ScriptTestResult] = []
    /// The lines `client.log` (and `console.log`) wrote.
    public var log: [String] = []
    /// The variables a pre-request script set with `request.variables.set`.
    public var requestVariables: [String: String] = [:]
    /// Why the script stopped early, or nil when it ran to its end (or called `client.exit()`).
    public var error: ScriptError?
    /// Whether the script ended with `client.exit()`.
    public var exited = false

    /// An empty outcome.
    public init() {}

    /// Whether nothing threw and every test passed.
    public var succeeded: Bool { error == nil && tests.allSatisfy(\.passed) }
}
