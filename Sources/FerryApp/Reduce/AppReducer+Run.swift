import FerryWorkbench

// MARK: - Running the selected file or folder

extension AppReducer {
    /// Applies what the user asked of a run, or what the run effect reported.
    static func reduce(_ action: RunAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .requested: return startRun(&state)
        case .cancelRequested:
            guard let run = state.run, run.isRunning else {
                state.overlay = nil
                return []
            }
            state.report(.info("Canceling the run of \(runTitle(run.path))…"))
            return [.cancelRun]
        case .eventArrived(let id, let event):
            guard state.run?.id == id else { return [] }
            switch event {
            case .diagnostic(let diagnostic): state.run?.diagnostics.append(diagnostic)
            case .result(let result): state.run?.results.append(result)
            }
            return []
        case .finished(let id, let wasCanceled):
            guard var run = state.run, run.id == id else { return [] }
            run.isRunning = false
            run.wasCanceled = wasCanceled
            state.run = run
            state.report(runSummary(run))
            return []
        }
    }

    /// Starts a run of the tree's selection (a folder, a file, or a request's file) with the active environment,
    /// and shows the run view; while a run is under way it shows that run instead.
    static func startRun(_ state: inout AppState) -> [Effect] {
        if let run = state.run, run.isRunning {
            state.overlay = .run(selection: 0)
            return []
        }
        let path: String
        switch state.tree.selectedID {
        case .folder(let folder), .file(let folder): path = folder
        case .request(let id): path = id.path
        case nil: path = ""
        }
        let id = (state.run?.id ?? 0) + 1
        var run = CollectionRun(workspace: state.workspace, paths: [path])
        run.access = state.workspaceAccess
        run.environment = state.environment
        guard !run.files.isEmpty else {
            state.report(.error("\(runTitle(path)) holds no request file to run."))
            return []
        }
        state.run = RunState(id: id, path: path)
        state.overlay = .run(selection: 0)
        state.report(.info("Running \(runTitle(path))… Esc cancels."))
        return [.runCollection(id: id, run)]
    }

    /// Enter on a row of the run view: a failed test or a script error opens its place (as the Tests tab does);
    /// a request's row opens the request in the editor with the exchange the run made in the response pane
    /// (body, headers, Tests tab; the body prepared off the loop as a send's is), and closes the view.
    static func openRunRow(_ selection: Int, _ state: inout AppState) -> [Effect] {
        guard let result = state.run?.result(at: selection) else { return [] }
        if let location = state.run?.location(at: selection) {
            state.overlay = nil
            return openScriptLocation(location, &state)
        }
        guard state.workspaceRequest(result.id) != nil else {
            state.report(.error("\(result.id) is no longer in the workspace."))
            return []
        }
        state.overlay = nil
        open(result.id, &state)
        state.focus = .response
        let effects = result.exchange.map { show($0, of: result.id, &state) } ?? []
        let status = result.status.map { " \($0)" } ?? ""
        let reason = result.message.map { " — \($0)" } ?? ""
        state.report(
            result.outcome.isFailure
                ? .error("\(result.id): \(result.outcome.rawValue)\(status)\(reason)")
                : .info("\(result.id): \(result.outcome.rawValue)\(status)\(reason)"))
        return effects
    }

    /// Makes `exchange`, which a run made for request `id`, the request's current exchange, taking it in the
    /// way a send's end is taken in (a send of it still in flight is canceled and its result dropped by id).
    static func show(_ exchange: RunExchange, of id: RequestID, _ state: inout AppState) -> [Effect] {
        var effects: [Effect] = []
        if let previous = state.exchanges[id], previous.isInFlight { effects.append(.cancel(id: previous.id)) }
        let sendID = state.nextSendID
        state.nextSendID = sendID.next
        var shown = Exchange(id: sendID, requestID: id)
        shown.sent = exchange.request
        shown.scrubber = exchange.scrubber
        shown.attempt = exchange.end.attempts
        state.exchanges[id] = shown
        state.detailScroll = 0
        effects += finishTransfer(sendID, exchange.end, &state)
        effects += scriptsFinished(sendID, exchange.scriptOutcomes, &state)
        return effects
    }

    /// What was run, in words.
    static func runTitle(_ path: String) -> String { path.isEmpty ? "the workspace" : path }

    /// `N passed, N failed, N skipped` (with transport and input errors), for the status bar at the end.
    static func runSummary(_ run: RunState) -> AppState.Message {
        var parts = ["\(run.count(.passed)) passed", "\(run.count(.failed)) failed"]
        if run.count(.transportError) > 0 { parts.append("\(run.count(.transportError)) transport errors") }
        if run.count(.invalid) > 0 { parts.append("\(run.count(.invalid)) invalid") }
        if run.count(.skipped) > 0 { parts.append("\(run.count(.skipped)) skipped") }
        let text = "Run of \(runTitle(run.path))\(run.wasCanceled ? " canceled" : ""): " + parts.joined(separator: ", ")
        let failed = run.results.contains { $0.outcome.isFailure } || !run.diagnostics.isEmpty
        return failed || run.wasCanceled ? .error(text) : .info(text)
    }
}
