import Foundation

/// A run of saved requests: which files and folders of a workspace, with which variables, and how (filter,
/// fail-fast, files in parallel). ``CollectionRunner`` runs it.
///
/// ```swift
/// var run = CollectionRun(workspace: workspace, paths: ["auth", "basics/requests.http"])
/// run.environment = "local"
/// for await event in CollectionRunner(sender: sender).events(of: run) { print(event) }
/// ```
public struct CollectionRun: Sendable {
    /// The workspace the requests belong to.
    public var workspace: Workspace
    /// Files and folders to run, relative to the workspace (`""` for all of it).
    public var paths: [String]
    /// The environment to resolve variables with (`nil`: `$shared` only).
    public var environment: String?
    /// `--var` values, which win over every other layer.
    public var overrides: [String: String] = [:]
    /// The names of ``overrides`` that hold secrets (answers to `# @prompt password`), masked as secrets are.
    public var secretOverrideNames: Set<String> = []
    /// Keeps only requests whose id or name contains this text (ignoring case); the others are skipped.
    public var filter: String?
    /// Keeps only this request (the workbench's load test of one request); the others are skipped.
    public var onlyRequest: RequestID?
    /// Whether the first failure (status, test, transport or input error) stops the run; the requests not
    /// run after it are skipped.
    public var stopsAtFirstFailure = false
    /// How many files run at once (requests within a file always run in order, one at a time).
    public var parallelFiles = 1
    /// What the run's files may reach outside the workspace (see ``WorkspaceAccess``).
    public var access = WorkspaceAccess.trusted
    /// `--contract F`: the OpenAPI description every response is checked against (a request's own
    /// `# @contract` wins); `nil` checks none.
    public var contract: APIContract?
    /// The passes over the files, in order (each runs every file, `--parallel` within it): one by default;
    /// one per data row (`--data`) and per repeat (`--repeat`). A pass's variables sit below ``overrides``.
    public var iterations = RunIteration.single

    /// A run of the requests under `paths` in `workspace`.
    public init(workspace: Workspace, paths: [String]) {
        self.workspace = workspace
        self.paths = paths
    }

    /// The files the run covers, sorted by path, each with its requests in position order.
    public var files: [WorkspaceFile] {
        let selected = Self.normalized(paths)
        return workspace.files.filter { Self.covers($0.path, selected: selected) }
    }

    /// `paths` without empty components (`a//b/` is `a/b`).
    static func normalized(_ paths: [String]) -> [String] {
        paths.map { $0.split(separator: "/").joined(separator: "/") }
    }

    /// Whether the file at `path` is one of `selected` (``normalized(_:)``) or in one of them.
    static func covers(_ path: String, selected: [String]) -> Bool {
        selected.contains { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") }
    }

    /// The environment files' problems and those of the run's files that belong to no request (a request's
    /// own problems are reported with it, as ``RunOutcome/invalid``).
    public var diagnostics: [Diagnostic] {
        var found = workspace.environments().diagnostics + workspace.loadErrors
        for file in files {
            let owned = Set(file.content.requestFacts().flatMap(\.problems))
            found += file.content.diagnostics.filter { !owned.contains($0) }
            // Only `import` and `run` lines have problems of composition: a file without them is not expanded.
            guard !file.content.statements.isEmpty else { continue }
            found += workspace.composedSteps(of: file).problems.filter { !found.contains($0) }
        }
        return found
    }

    /// How many results each file of the run reports in a pass, file by file as ``files``: its steps
    /// (``Workspace/composedSteps(of:)``: its `run` lines bring in the requests they name), those the filter leaves
    /// out included.
    public var stepCounts: [Int] { plannedSteps.map(\.count) }

    /// Whether `request` is kept by ``onlyRequest`` and ``filter``.
    public func keeps(_ request: WorkspaceRequest) -> Bool {
        keeps(request.id, named: request.request.name)
    }

    /// Whether the request with id `id` and name `name` is kept by ``onlyRequest`` and ``filter``.
    func keeps(_ id: RequestID, named name: String?) -> Bool {
        if let onlyRequest, id != onlyRequest { return false }
        guard let filter, !filter.isEmpty else { return true }
        return Self.text(id.description, contains: filter) || (name.map { Self.text($0, contains: filter) } ?? false)
    }

    /// Whether `text` contains `filter`, ignoring case: ASCII text on its bytes (Foundation's
    /// `localizedCaseInsensitiveContains` cost microseconds for each request of a filtered run), any other with
    /// Foundation.
    static func text(_ text: String, contains filter: String) -> Bool {
        let bytes = Array(text.utf8)
        let pattern = Array(filter.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }), pattern.allSatisfy({ $0 < 0x80 }) else {
            return text.localizedCaseInsensitiveContains(filter)
        }
        func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        guard pattern.count <= bytes.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { start in
            pattern.indices.allSatisfy { lowered(bytes[start + $0]) == lowered(pattern[$0]) }
        }
    }
}
