/// A `run` or `import` line of an `.http` file (JetBrains 2024.3): what it names and where it is written.
///
/// ```http
/// import ./auth.http
/// run #login (@user=ada, @password=secret)
/// run ./setup.http
/// ```
public struct CompositionStatement: Sendable, Hashable {
    /// What the line does.
    public enum Action: Sendable, Hashable {
        /// `import PATH`: the requests of the file at `path` become addressable by name from this file.
        case importFile(path: String)
        /// `run #NAME (@var=value, …)`: runs the request named `name` (of this file or an imported one).
        case runRequest(name: String, overrides: [VariableOverride])
        /// `run PATH (@var=value, …)`: runs every request of the file at `path`, its own `run` lines included.
        case runFile(path: String, overrides: [VariableOverride])
    }

    /// One `@name=value` of a `run` line, in the order written.
    public struct VariableOverride: Sendable, Hashable {
        /// The variable's name, without `@`.
        public var name: String
        /// The value, trimmed, unresolved (it may hold `{{…}}`).
        public var value: String

        /// An override of `name` with `value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// What the line does.
    public var action: Action
    /// Where the line is written.
    public var location: SourceLocation
    /// How many requests of the file come before the line: it runs after those and before the next.
    public var requestsBefore: Int

    /// A statement doing `action`, written at `location` after `requestsBefore` requests of its file.
    public init(_ action: Action, at location: SourceLocation, requestsBefore: Int) {
        self.action = action
        self.location = location
        self.requestsBefore = requestsBefore
    }

    /// The overrides of a `run` line by name (a later one of the same name wins); empty for `import`.
    public var overrides: [String: String] {
        switch action {
        case .importFile: [:]
        case .runRequest(_, let overrides), .runFile(_, let overrides):
            Dictionary(overrides.map { ($0.name, $0.value) }) { _, later in later }
        }
    }
}
