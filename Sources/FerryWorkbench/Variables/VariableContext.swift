import FerryDynamic
import Foundation

/// Everything a request's `{{variables}}` can be resolved from, passed as a value (no globals, no IO).
///
/// Precedence, lowest first: in-file `@variables` < environment < private environment (already
/// merged in ``environment``) < values captured at run time < values set by scripts < command-line `--var`
/// overrides.
///
/// ```swift
/// var context = VariableContext(environment: files.variables(for: "local"))
/// context.overrides["id"] = "42"
/// let prepared = try request.prepared(with: context)
/// ```
public struct VariableContext: Sendable {
    /// In-file `@name = value` variables of the request's file.
    public var fileVariables: [String: String]
    /// The selected environment's variables, private ones marked secret.
    public var environment: [EnvironmentVariable]
    /// Values captured at run time (such as from earlier responses).
    public var captured: [String: String]
    /// Values set by scripts: `client.global.set` (every later request of a session or run) and, for one
    /// request, its pre-request scripts' `request.variables.set`. Like captured values they are data: their
    /// `{{…}}` are not substituted.
    public var scripted: [String: String] = [:]
    /// Values given on the command line with `--var name=value`; they win over everything.
    public var overrides: [String: String]
    /// The names of ``overrides`` that hold secrets (the answers to `# @prompt password`): masked like the
    /// private environment's values.
    public var secretOverrideNames: Set<String> = []
    /// The process environment, for `{{$processEnv NAME}}`.
    public var processEnvironment: [String: String]
    /// Values of the workspace's `.env` file, for `{{$dotenv NAME}}`.
    public var dotenv: [String: String]
    /// Bytes of files included with `< path`, by the path as resolved (relative paths unchanged).
    public var includedFiles: [String: Data]
    /// The time `{{$timestamp}}`, `{{$isoTimestamp}}` and `{{$datetime …}}` report.
    public var now: Date
    /// Where `{{$uuid}}`, `{{$random.…}}` and `{{$randomInt}}` get their randomness.
    public var random: any RandomSource
    /// The selected environment's sign-in configurations (`Security` → `Auth`), by id, for
    /// `{{$auth.token("id")}}` and `{{$auth.idToken("id")}}`.
    public var authConfigurations: [String: AuthConfiguration] = [:]
    /// The selected environment's `SSLConfiguration` (client certificate, host verification), if any.
    public var tlsConfiguration: TLSConfiguration? = nil
    /// Where `{{$auth.token("id")}}` gets its tokens: the sender sets it (a cache under `.ferry/` and the
    /// sign-in flows); `nil` where no sign-in can happen (then such a variable is an error saying so).
    public var authTokens: (any AuthTokenSource)? = nil
    /// The zone of `{{$localDatetime …}}`; by default the system's, looked up only when a value needs it (reading
    /// the zone costs a `ferry send` about half a millisecond).
    public var timeZone: TimeZone

    /// Creates a context; everything is empty unless given.
    public init(
        fileVariables: [String: String] = [:], environment: [EnvironmentVariable] = [],
        captured: [String: String] = [:], overrides: [String: String] = [:],
        processEnvironment: [String: String] = [:], dotenv: [String: String] = [:],
        includedFiles: [String: Data] = [:], now: Date = Date(), random: any RandomSource = SystemRandomSource(),
        timeZone: TimeZone = .autoupdatingCurrent
    ) {
        self.fileVariables = fileVariables
        self.environment = environment
        self.captured = captured
        self.overrides = overrides
        self.processEnvironment = processEnvironment
        self.dotenv = dotenv
        self.includedFiles = includedFiles
        self.now = now
        self.random = random
        self.timeZone = timeZone
    }

    /// The value of a named variable by precedence, whether it is a secret, where it comes from, and whether
    /// its own `{{…}}` are substituted.
    public func lookup(_ name: String) -> VariableValue? {
        if let value = overrides[name] {
            return VariableValue(value: value, isSecret: secretOverrideNames.contains(name), origin: "--var")
        }
        if let value = scripted[name] {
            // A value a script derived from a secret (a token built from a password) is masked like one.
            let isSecret = secretValues.contains { !$0.isEmpty && value.contains($0) }
            return VariableValue(value: value, isSecret: isSecret, origin: "a script", isTemplate: false)
        }
        if let value = captured[name] {
            return VariableValue(value: value, origin: "a captured response", isTemplate: false)
        }
        if let variable = environment.last(where: { $0.name == name && !$0.isNull }) {
            return VariableValue(
                value: variable.value, isSecret: variable.isSecret,
                origin: "\(variable.location.file):\(variable.location.line)")
        }
        if let value = fileVariables[name] { return VariableValue(value: value, origin: "the file's @\(name)") }
        return nil
    }

    /// The generators of dynamic values, on this context's clock, randomness and zone.
    public var dynamicValues: DynamicValues {
        let now = now
        return DynamicValues(random: random, now: { now }, timeZone: timeZone)
    }

    /// The secret values of the environment, for masking.
    public var secretValues: [String] {
        environment.filter { $0.isSecret && !$0.isNull }.map(\.value)
            + secretOverrideNames.sorted().compactMap { overrides[$0] }.filter { !$0.isEmpty }
    }
}

/// A variable's value as a ``VariableContext`` finds it.
public struct VariableValue: Sendable, Hashable {
    /// The value.
    public var value: String
    /// Whether it is a secret (from the private environment): masked wherever it is shown.
    public var isSecret: Bool
    /// Where it comes from, for messages: `--var`, `a captured response`, `http-client.env.json:4`,
    /// `the file's @name`.
    public var origin: String
    /// Whether `{{…}}` in the value are substituted in turn; `false` for a value captured from a response,
    /// which is the server's data: a server must not make the next request carry `{{$processEnv SECRET}}` or
    /// another variable's value.
    public var isTemplate: Bool

    /// A value found in `origin`.
    public init(value: String, isSecret: Bool = false, origin: String, isTemplate: Bool = true) {
        self.value = value
        self.isSecret = isSecret
        self.origin = origin
        self.isTemplate = isTemplate
    }
}

// MARK: - Dynamic variables

extension VariableContext {
    /// The names of the `{{$…}}` dynamic variables every context resolves (`$uuid`, `$random.integer`,
    /// `$datetime`, the `$random.` Faker families…), for messages and importers.
    public static var dynamicVariableNames: [String] { DynamicVariable.names }
}
