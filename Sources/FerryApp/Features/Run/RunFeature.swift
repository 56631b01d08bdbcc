import FerryTerminal
import FerryWorkbench

/// A run of the selected file or folder (what `ferry run` does, shown as it goes), as a feature: its state is
/// the latest run (`nil` until one starts), its actions are ``RunAction``, and it reads what to run and how
/// through a ``Context``. The run view is asked of the root; the run itself is an effect.
enum RunFeature {
    /// The latest run, `nil` until one starts.
    typealias State = RunState?

    /// What a run reads of the rest of the app.
    struct Context: Sendable {
        /// What the tree has selected: a folder or file runs whole, a request runs its file.
        var selection: CollectionNode?
        /// The workspace as loaded.
        var workspace: Workspace
        /// What the workspace's files may reach outside it.
        var access: WorkspaceAccess
        /// The active environment.
        var environment: String?
        /// The value a request's own layers give a name (environment, private environment, its file's `@name`):
        /// a `# @prompt` field's default.
        var lookup: @Sendable (RequestID, String) -> String? = { _, _ in nil }
    }

    /// Applies what the user asked of a run, or what the run effect reported.
    static func reduce(_ action: RunAction, _ run: inout State, _ context: Context) -> FeatureOutput {
        switch action {
        case .requested: return start(path(of: context.selection), &run, context)
        case .answered(let answers, let path): return start(path, &run, context, answers: answers)
        case .cancelRequested:
            guard let current = run, current.isRunning else { return FeatureOutput(requests: [.dismiss]) }
            return FeatureOutput(
                effects: [.cancelRun], requests: [.report(.info("Canceling the run of \(title(current.path))…"))])
        case .eventArrived(let id, let event):
            guard run?.id == id else { return .none }
            switch event {
            case .diagnostic(let diagnostic): run?.diagnostics.append(diagnostic)
            case .result(let result): run?.results.append(result)
            }
            return .none
        case .finished(let id, let wasCanceled):
            guard var finished = run, finished.id == id else { return .none }
            finished.isRunning = false
            finished.wasCanceled = wasCanceled
            run = finished
            return .report(summary(finished))
        case .rowOpened(let selection): return open(selection, of: run, context)
        case .loadRequested: return askLoad(run, context)
        case .loadTyped(let target, let spec): return startLoad(target, spec, &run, context)
        case .loadAnswered(let answers, let target, let spec):
            return startLoad(target, spec, &run, context, answers: answers)
        case .loadProgressed(let id, let progress):
            guard run?.id == id else { return .none }
            run?.loadProgress = progress
            return .none
        }
    }

    /// Enter on a row of the run view: a failed test or a script error opens its place (as the Tests tab does);
    /// a request's row opens the request in the editor with the exchange the run made in the response pane
    /// (body, headers, Tests tab; the body prepared off the loop as a send's is), and closes the view.
    private static func open(_ selection: Int, of run: State, _ context: Context) -> FeatureOutput {
        guard let result = run?.result(at: selection) else { return .none }
        if let location = run?.location(at: selection) {
            return FeatureOutput(requests: [.dismiss, .openScriptLocation(location)])
        }
        guard AppState.savedRequest(result.id, in: context.workspace) != nil else {
            return .report(.error("\(result.id) is no longer in the workspace."))
        }
        let status = result.status.map { " \($0)" } ?? ""
        let reason = result.message.map { " — \($0)" } ?? ""
        let text = "\(result.id): \(result.outcome.rawValue)\(status)\(reason)"
        var requests: [RootRequest] = [.dismiss, .open(result.id), .focus(.response)]
        if let exchange = result.exchange {
            requests.append(.dispatch(.response(.runExchangeShown(exchange, of: result.id))))
        }
        requests.append(.report(result.outcome.isFailure ? .error(text) : .info(text)))
        return FeatureOutput(requests: requests)
    }

    /// Starts a run of `path` (the tree's selection) with the active environment and shows the run view; while a
    /// run is under way it shows that run instead. The `# @prompt` variables of its requests are asked once for
    /// all, as `ferry run` asks, before the first request goes out: without `answers` the form is asked for.
    private static func start(_ path: String, _ run: inout State, _ context: Context, answers: PromptedValues? = nil)
        -> FeatureOutput
    {
        if let current = run, current.isRunning { return .present(.run(selection: 0)) }
        var collection = collection(path, context)
        guard !collection.files.isEmpty else { return .report(.error("\(title(path)) holds no request file to run.")) }
        if let answers {
            collection.answer(answers)
        } else if let question = question(.run(path: path), collection, context) {
            return FeatureOutput(requests: [.dispatch(.overlay(.prompts(.asked(question))))])
        }
        let id = (run?.id ?? 0) + 1
        run = RunState(id: id, path: path)
        return FeatureOutput(
            effects: [.runCollection(id: id, collection)],
            requests: [.present(.run(selection: 0)), .report(.info("Running \(title(path))… Esc cancels."))])
    }

    /// The question a run or load test of `collection` asks first: every `# @prompt` variable of its requests
    /// (only the one request a load test of a request sends), once per name (the first request naming it gives the
    /// field's default); `nil` when none has one.
    private static func question(_ purpose: PromptPurpose, _ collection: CollectionRun, _ context: Context)
        -> PromptQuestion?
    {
        var prompts: [PromptVariable] = []
        var known: [String: String] = [:]
        for request in collection.files.flatMap(\.requests)
        where collection.onlyRequest.map({ $0 == request.id }) ?? true {
            for prompt in request.request.directives.prompts where !prompts.contains(where: { $0.name == prompt.name })
            {
                prompts.append(prompt)
                known[prompt.name] = context.lookup(request.id, prompt.name)
            }
        }
        guard !prompts.isEmpty else { return nil }
        return PromptQuestion(purpose: purpose, prompts: prompts, known: known)
    }

    /// Asks how long and how hard to load test the tree's selection; while a run is under way, shows it instead.
    private static func askLoad(_ run: State, _ context: Context) -> FeatureOutput {
        if let current = run, current.isRunning { return .present(.run(selection: 0)) }
        let what = loadName(of: context.selection)
        return .present(
            .namePrompt(
                .loadTest(context.selection),
                PromptDialogState(
                    title: "Load test \(what): 30s 8 = 8 senders for 30 s, 30s 200/s = 200 a second",
                    label: "Load", text: "10s 4")))
    }

    /// Starts a load test of `target` as `spec` says, with the active environment, and shows the run view; the
    /// `# @prompt` variables of its requests are asked once first, as a run's are (without `answers`, the form).
    private static func startLoad(
        _ target: CollectionNode?, _ spec: String, _ run: inout State, _ context: Context,
        answers: PromptedValues? = nil
    ) -> FeatureOutput {
        if let current = run, current.isRunning { return .present(.run(selection: 0)) }
        guard let model = LoadModel(spec: spec) else {
            return .report(
                .error(
                    "\"\(SafeText.sanitized(spec))\" is no load: a time (30s, 500ms, 2m), then senders (8) or a rate (200/s)"
                ))
        }
        let path = path(of: target)
        var collection = collection(path, context)
        if case .request(let request) = target { collection.onlyRequest = request }
        guard !collection.files.isEmpty else { return .report(.error("\(title(path)) holds no request file to run.")) }
        if let answers {
            collection.answer(answers)
        } else if let question = question(.load(target, spec: spec), collection, context) {
            return FeatureOutput(requests: [.dispatch(.overlay(.prompts(.asked(question))))])
        }
        let id = (run?.id ?? 0) + 1
        var started = RunState(id: id, path: target.map(loadTitle) ?? path)
        started.load = model
        run = started
        return FeatureOutput(
            effects: [.loadCollection(id: id, collection, model)],
            requests: [
                .present(.run(selection: 0)),
                .report(.info("Load testing \(title(started.path)), \(model)… Esc stops it.")),
            ])
    }

    /// The path a run of `selection` runs: a folder or file whole, a request's file.
    private static func path(of selection: CollectionNode?) -> String {
        switch selection {
        case .folder(let folder), .file(let folder): folder
        case .request(let id): id.path
        case nil: ""
        }
    }

    /// A run of `path` with the context's environment and access.
    private static func collection(_ path: String, _ context: Context) -> CollectionRun {
        var collection = CollectionRun(workspace: context.workspace, paths: [path])
        collection.access = context.access
        collection.environment = context.environment
        return collection
    }

    /// What a load test of `target` is called: a request by its id, a file or folder by its path, `nil` the
    /// workspace.
    static func loadName(of target: CollectionNode?) -> String { target.map(loadTitle) ?? title("") }

    /// What a load test of `node` is called: a request by its id, a file or folder by its path.
    private static func loadTitle(_ node: CollectionNode) -> String {
        switch node {
        case .folder(let path), .file(let path): title(path)
        case .request(let id): id.description
        }
    }

    /// What was run, in words.
    static func title(_ path: String) -> String { path.isEmpty ? "the workspace" : path }

    /// `N passed, N failed, N skipped` (with transport and input errors), for the status bar at the end; for a
    /// load test, how many were sent, the errors, the rate and the median and 99th percentile latency.
    static func summary(_ run: RunState) -> AppState.Message {
        if run.load != nil, let progress = run.loadProgress {
            let latency = progress.latency
            let text =
                "Load of \(title(run.path))\(run.wasCanceled ? " stopped" : ""): \(progress.count) requests, "
                + "\(progress.errors) errors, \(Int(progress.recentRate.rounded()))/s, "
                + "p50 \(WorkbenchView.formatDuration(latency.percentile(50))), "
                + "p99 \(WorkbenchView.formatDuration(latency.percentile(99)))"
            return progress.errors > 0 || run.results.contains { $0.outcome.isFailure } ? .error(text) : .info(text)
        }
        var parts = ["\(run.count(.passed)) passed", "\(run.count(.failed)) failed"]
        if run.count(.transportError) > 0 { parts.append("\(run.count(.transportError)) transport errors") }
        if run.count(.invalid) > 0 { parts.append("\(run.count(.invalid)) invalid") }
        if run.count(.skipped) > 0 { parts.append("\(run.count(.skipped)) skipped") }
        let text = "Run of \(title(run.path))\(run.wasCanceled ? " canceled" : ""): " + parts.joined(separator: ", ")
        let failed = run.results.contains { $0.outcome.isFailure } || !run.diagnostics.isEmpty
        return failed || run.wasCanceled ? .error(text) : .info(text)
    }
}

extension RunFeature.Context {
    /// The run's view of `state`.
    init(_ state: AppState) {
        self.init(
            selection: state.tree.selectedID, workspace: state.workspace, access: state.workspaceAccess,
            environment: state.environment, lookup: { state.variableContext(for: $0).lookup($1)?.value })
    }
}

extension CollectionRun {
    /// Takes the `# @prompt` form's answers as `ferry run` takes them: overrides, the secret ones masked.
    mutating func answer(_ answers: PromptedValues) {
        overrides = answers.values
        secretOverrideNames = answers.secretNames
    }
}
