import FerryWorkbench

/// Requests and environments read from another tool's file (a curl command, a Postman collection, an
/// OpenAPI document), ready to be written into a workspace as `.http` files and environment files.
///
/// ```swift
/// let collection = try PostmanImporter.read(bytes, fileName: "shop.postman_collection.json")
/// for file in collection.files { print(file.path, file.requests.count) }
/// ```
public struct ImportedCollection: Sendable, Hashable {
    /// One `.http` file to write.
    public struct File: Sendable, Hashable {
        /// Where the file goes, relative to the destination folder, with `/` between folders
        /// (`users/accounts.http`); names are already safe for a file system.
        public var path: String
        /// The requests of the file, in order.
        public var requests: [SavedRequest]
        /// Responses another tool recorded (a HAR capture's), by the index in ``requests`` of the request they
        /// answered; written into the workspace history with the file.
        public var recordedExchanges: [Int: RecordedExchange]

        /// A file at `path` holding `requests`, with the `recordedExchanges` of some of them.
        public init(path: String, requests: [SavedRequest], recordedExchanges: [Int: RecordedExchange] = [:]) {
            self.path = path
            self.requests = requests
            self.recordedExchanges = recordedExchanges
        }
    }

    /// One environment: a name and its variables in order.
    public struct Environment: Sendable, Hashable {
        /// The environment's name (`$shared` for variables every environment sees).
        public var name: String
        /// Variables whose values may be committed (`http-client.env.json`).
        public var variables: [Variable]
        /// Variables that hold secrets, such as tokens and passwords (`http-client.private.env.json`).
        public var secrets: [Variable]

        /// An environment called `name`.
        public init(name: String, variables: [Variable] = [], secrets: [Variable] = []) {
            self.name = name
            self.variables = variables
            self.secrets = secrets
        }
    }

    /// A variable's name and value.
    public struct Variable: Sendable, Hashable {
        /// The name, as used in `{{name}}`.
        public var name: String
        /// The value.
        public var value: String

        /// A variable `name` with `value`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The `.http` files, in the order they were found.
    public var files: [File]
    /// The environments, in the order they were found.
    public var environments: [Environment]
    /// What was read but could not be carried over (scripts, unsupported auth, broken entries), each
    /// located in the source file as well as known; the rest was imported.
    public var diagnostics: [Diagnostic]

    /// A collection of `files` and `environments`, with `diagnostics` about what was left out.
    public init(files: [File] = [], environments: [Environment] = [], diagnostics: [Diagnostic] = []) {
        self.files = files
        self.environments = environments
        self.diagnostics = diagnostics
    }

    /// Every request of every file.
    public var requestCount: Int { files.reduce(0) { $0 + $1.requests.count } }
}
