import FerryWorkbench

// MARK: - Going to what an `import` or `run` line names

extension EditorFeature {
    /// One `import` / `run` line of the open request's file and where it leads.
    struct DefinitionTarget {
        /// The line as written, shortly: `run #login`, `import ./auth.http`.
        var line: String
        /// Where it is written.
        var location: SourceLocation
        /// The request it opens (a file's first request), or why it opens none.
        var destination: Result<RequestID, SaveFailure>
    }

    /// Ctrl-]: opens what the `run` lines just above the open request name (the request, or a file's first
    /// request), else the first other `import` / `run` line of its file that leads somewhere; the status bar
    /// names the line and the others there are. The request editor shows no preamble lines, so the open
    /// request stands for the place.
    static func goToDefinition(_ state: State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest else { return .none }
        let targets = context.definitions(id)
        guard !targets.isEmpty else {
            return .report(.info("\(id.path) has no import or run line to go to."))
        }
        guard let first = targets.firstIndex(where: { (try? $0.destination.get()) != nil }),
            case .success(let destination) = targets[first].destination
        else {
            let target = targets[0]
            let place = "\(id.path):\(target.location.line)"
            return .report(.error("\(place): \(target.line): \(describe(target.destination))"))
        }
        let others = targets.indices.filter { $0 != first }.map {
            "\(targets[$0].line) (line \(targets[$0].location.line))"
        }
        let also = others.isEmpty ? "" : "; also in \(id.path): " + others.joined(separator: ", ")
        return FeatureOutput(requests: [
            .open(destination),
            .report(
                .info("\(targets[first].line) (\(id.path):\(targets[first].location.line)) → \(destination)\(also)")),
        ])
    }

    /// The `import` / `run` lines of request `id`'s file in `workspace`, those just above it first.
    static func definitionTargets(of id: RequestID, in workspace: Workspace) -> [DefinitionTarget] {
        guard let file = workspace.files.first(where: { $0.path == id.path }),
            let index = file.requestIDs.firstIndex(of: id)
        else { return [] }
        return definitionTargets(of: file, requestIndex: index, in: workspace)
    }

    /// The file's `import` / `run` lines, those just above the request at `requestIndex` first.
    static func definitionTargets(of file: WorkspaceFile, requestIndex: Int, in workspace: Workspace)
        -> [DefinitionTarget]
    {
        let statements = file.content.statements
        let above = statements.filter { $0.requestsBefore == requestIndex && $0.isRun }
        let rest = statements.filter { !($0.requestsBefore == requestIndex && $0.isRun) }
        return (above + rest).map { statement in
            switch statement.action {
            case .importFile(let path):
                return DefinitionTarget(
                    line: "import \(path)", location: statement.location,
                    destination: firstRequest(of: path, from: file, in: workspace))
            case .runFile(let path, _):
                return DefinitionTarget(
                    line: "run \(path)", location: statement.location,
                    destination: firstRequest(of: path, from: file, in: workspace))
            case .runRequest(let name, _):
                let found = workspace.request(named: name, from: file)
                return DefinitionTarget(
                    line: "run #\(name)", location: statement.location,
                    destination: found.map { .success($0.id) }
                        ?? .failure(SaveFailure(message: "no request named \(name) here or in the imported files")))
            }
        }
    }

    private static func firstRequest(of path: String, from file: WorkspaceFile, in workspace: Workspace)
        -> Result<RequestID, SaveFailure>
    {
        switch workspace.file(path, from: file) {
        case .success(let named):
            guard let first = named.requestIDs.first else {
                return .failure(SaveFailure(message: "\(named.path) holds no request"))
            }
            return .success(first)
        case .failure(let error):
            return .failure(SaveFailure(message: "\(error)"))
        }
    }

    private static func describe(_ destination: Result<RequestID, SaveFailure>) -> String {
        switch destination {
        case .success(let id): "\(id)"
        case .failure(let failure): failure.message
        }
    }
}

extension CompositionStatement {
    /// Whether the line runs something (`run #name`, `run ./file.http`) rather than importing a file.
    fileprivate var isRun: Bool {
        if case .importFile = action { return false }
        return true
    }
}
