// MARK: - Composition across files: `import` and `run` lines (JetBrains 2024.3)

extension Workspace {
    /// The most requests the `run` lines of one run of a file add: `run` lines naming files that run files
    /// several times each multiply, and a file is no place for millions of sends. A file's own requests are
    /// not counted (a file of a million requests runs whole, or filtered, as it always did).
    public static let maximumComposedSteps = 10_000

    /// The requests a run of `file` sends, in order: its own requests, and before each the requests its `run`
    /// lines name (`run #name` one request of the file or of a file it imports, `run ./other.http` every
    /// request of that file, its own `run` lines included), with their variables; and the problems of its
    /// `import` and `run` lines (each at its line; a `run` line that would run a file already running is
    /// refused at that line, so a cycle stops where it closes).
    public func composedSteps(of file: WorkspaceFile) -> (steps: [ComposedStep], problems: [Diagnostic]) {
        var expansion = Expansion()
        expand(file, running: [file.path], overrides: [:], ranBy: nil, into: &expansion)
        return (expansion.steps, expansion.problems)
    }

    /// The problems of every file's `import` and `run` lines (unknown files and names, cycles).
    public var compositionDiagnostics: [Diagnostic] {
        var found: [Diagnostic] = []
        for file in files where !file.content.statements.isEmpty {
            for problem in composedSteps(of: file).problems where !found.contains(problem) { found.append(problem) }
        }
        return found
    }

    /// The request `name` (a request's name, or its `METHOD URL` when it has none) of `file`, else of the
    /// files it imports, in the order of its `import` lines.
    public func request(named name: String, from file: WorkspaceFile) -> WorkspaceRequest? {
        if let own = Self.request(named: name, in: file) { return own }
        for statement in file.content.statements {
            guard case .importFile(let path) = statement.action,
                case .success(let imported) = self.file(path, from: file)
            else { continue }
            if let found = Self.request(named: name, in: imported) { return found }
        }
        return nil
    }

    /// The file `path` (relative to `file`'s folder, or absolute) names, if it is a request file of this
    /// workspace; else why not. Nothing outside the workspace is ever read, trusted or not.
    public func file(_ path: String, from file: WorkspaceFile) -> Result<WorkspaceFile, CompositionError> {
        var parts: [Substring] = []
        var components: [Substring]
        if path.hasPrefix("/") {
            let rootPath = root.path == "/" ? "" : root.path
            guard path.hasPrefix(rootPath + "/") else { return .failure(.outsideWorkspace(path)) }
            components = path.dropFirst(rootPath.count + 1).split(separator: "/")
        } else {
            parts = file.path.split(separator: "/").dropLast()
            components = path.split(separator: "/")
        }
        for component in components {
            switch component {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return .failure(.outsideWorkspace(path)) }
                parts.removeLast()
            default: parts.append(component)
            }
        }
        guard let index = fileIndex(parts.joined(separator: "/")) else { return .failure(.noSuchFile(path)) }
        return .success(files[index])
    }

    // MARK: - Expanding

    /// What an expansion found so far.
    private struct Expansion {
        var steps: [ComposedStep] = []
        var problems: [Diagnostic] = []
        var isCut = false
        /// How many steps `run` lines added so far.
        var composed = 0

        mutating func report(_ message: String, at location: SourceLocation) {
            let problem = Diagnostic(message, at: location)
            if !problems.contains(problem) { problems.append(problem) }
        }

        /// Appends `step`; one a `run` line brought in (`ranBy`) counts toward the cap, the outermost file's own
        /// requests do not.
        mutating func add(_ step: ComposedStep, at location: SourceLocation) {
            guard step.ranBy != nil else {
                steps.append(step)
                return
            }
            guard composed < Workspace.maximumComposedSteps else {
                if !isCut {
                    report(
                        "the run lines would send more than \(Workspace.maximumComposedSteps) requests: cut here",
                        at: location)
                }
                isCut = true
                return
            }
            composed += 1
            steps.append(step)
        }
    }

    /// Appends the steps of running `file` (one of the files `running`, outermost first) with `overrides` from
    /// the `run` lines that led here; `ranBy` is the `run` line of the outermost file, if any.
    private func expand(
        _ file: WorkspaceFile, running: [String], overrides: [String: String], ranBy: SourceLocation?,
        into expansion: inout Expansion
    ) {
        let requests = file.requests
        var statements = file.content.statements[...]
        for position in 0...requests.count {
            while let statement = statements.first, statement.requestsBefore <= position {
                statements.removeFirst()
                run(statement, of: file, running: running, overrides: overrides, ranBy: ranBy, into: &expansion)
            }
            guard position < requests.count else { break }
            let step = ComposedStep(request: requests[position], overrides: overrides, ranBy: ranBy)
            expansion.add(step, at: ranBy ?? SourceLocation(file: file.path, line: 1))
        }
    }

    /// Appends what `statement` of `file` runs (nothing for an `import`, but a check that its file exists).
    private func run(
        _ statement: CompositionStatement, of file: WorkspaceFile, running: [String], overrides: [String: String],
        ranBy: SourceLocation?, into expansion: inout Expansion
    ) {
        let location = statement.location
        let merged = overrides.merging(statement.overrides) { _, inner in inner }
        switch statement.action {
        case .importFile(let path):
            if case .failure(let error) = self.file(path, from: file) {
                expansion.report("cannot import: \(error)", at: location)
            }
        case .runRequest(let name, _):
            guard let target = request(named: name, from: file) else {
                let imports = file.content.statements.compactMap { statement -> String? in
                    if case .importFile(let path) = statement.action { return path }
                    return nil
                }
                let searched = imports.isEmpty ? "" : " or the files it imports (\(imports.joined(separator: ", ")))"
                expansion.report("no request named '\(name)' in this file\(searched)", at: location)
                return
            }
            expansion.add(ComposedStep(request: target, overrides: merged, ranBy: ranBy ?? location), at: location)
        case .runFile(let path, _):
            switch self.file(path, from: file) {
            case .failure(let error):
                expansion.report("cannot run: \(error)", at: location)
            case .success(let target) where running.contains(target.path):
                let cycle = (running + [target.path]).joined(separator: " → ")
                expansion.report("`run \(path)` closes a cycle (\(cycle)): not run", at: location)
            case .success(let target):
                expand(
                    target, running: running + [target.path], overrides: merged, ranBy: ranBy ?? location,
                    into: &expansion)
            }
        }
    }

    /// The request of `file` named `name`, or whose `METHOD URL` is `name` (as JetBrains names a request that
    /// has no name).
    private static func request(named name: String, in file: WorkspaceFile) -> WorkspaceRequest? {
        let requests = file.requests
        return requests.first { $0.request.name == name }
            ?? requests.first { "\($0.request.method) \($0.request.url)" == name }
    }
}

/// Why an `import` or `run` line's file cannot be used.
public enum CompositionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path leads outside the workspace folder.
    case outsideWorkspace(String)
    /// No request file of the workspace is at the path.
    case noSuchFile(String)

    /// The reason in words.
    public var description: String {
        switch self {
        case .outsideWorkspace(let path): "\(path) is outside the workspace (only its own files can be used)"
        case .noSuchFile(let path): "no request file \(path) in the workspace"
        }
    }
}
