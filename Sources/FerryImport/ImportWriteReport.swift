import FerryWorkbench

/// What ``ImportedCollection/write(into:workspaceRoot:)`` did: the files it wrote, the environment files it changed,
/// and what it reported (a file written under another name because one existed, a kept value, a
/// malformed environment file left alone).
public struct ImportWriteReport: Sendable, Hashable {
    /// One `.http` file written.
    public struct WrittenFile: Sendable, Hashable {
        /// Where it was written, relative to the destination folder.
        public var path: String
        /// Where the import meant it to go (differs from ``path`` when a file existed there).
        public var intendedPath: String
        /// How many requests it holds.
        public var requestCount: Int

        /// A written file.
        public init(path: String, intendedPath: String, requestCount: Int) {
            self.path = path
            self.intendedPath = intendedPath
            self.requestCount = requestCount
        }
    }

    /// The `.http` files written, in order.
    public var files: [WrittenFile] = []
    /// The environment files created or changed (absolute paths), in order.
    public var environmentFiles: [String] = []
    /// How many environment variables were added (public and private together).
    public var addedVariables = 0
    /// How many recorded responses were kept in the workspace history.
    public var recordedResponses = 0
    /// Notes and problems, located in the destination's files.
    public var diagnostics: [Diagnostic] = []

    /// An empty report.
    public init() {}
}
