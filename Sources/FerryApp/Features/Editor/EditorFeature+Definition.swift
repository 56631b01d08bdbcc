import FerryTerminal
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

    /// Ctrl-]: opens what an `import` / `run` line of the open request's file names (the request, or a file's
    /// first request). The request editor shows the request, not its file's preamble, so the lines are offered
    /// where a cursor can reach them: when more than one leads somewhere, a list of them (the palette's rows,
    /// the `run` lines just above the request first and selected; Enter goes, typing filters, Esc stays), else
    /// the one line is followed at once. The status bar names the line followed and the lines that lead nowhere.
    static func goToDefinition(_ state: State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest else { return .none }
        let targets = context.definitions(id)
        guard !targets.isEmpty else {
            return .report(.info("\(id.path) has no import or run line to go to."))
        }
        let leading = targets.compactMap { target in (try? target.destination.get()).map { (target, $0) } }
        let nowhere = targets.filter { (try? $0.destination.get()) == nil }
        guard let (first, destination) = leading.first else {
            let target = targets[0]
            return .report(
                .error("\(id.path):\(target.location.line): \(target.line): \(describe(target.destination))"))
        }
        let broken = nowhere.map { "\($0.line) (line \($0.location.line)): \(describe($0.destination))" }
        let also = broken.isEmpty ? "" : "; leading nowhere in \(id.path): " + broken.joined(separator: ", ")
        guard leading.count > 1 else {
            return FeatureOutput(requests: [
                .open(destination),
                .report(.info("\(first.line) (\(id.path):\(first.location.line)) → \(destination)\(also)")),
            ])
        }
        let rows = leading.map { target, destination in
            PaletteEntries.Entry(
                command: .goToDefinition,
                title: "\(target.line)  (line \(target.location.line)) → \(destination)", key: "",
                request: destination)
        }
        var requests: [RootRequest] = [
            .present(
                .palette(
                    PickerDialogState(
                        title: "Go to what a line of \(SafeText.sanitized(id.path)) names (Enter goes, Esc stays)",
                        items: rows)))
        ]
        if !broken.isEmpty {
            requests.append(.report(.info("Leading nowhere in \(id.path): " + broken.joined(separator: ", "))))
        }
        return FeatureOutput(requests: requests)
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
