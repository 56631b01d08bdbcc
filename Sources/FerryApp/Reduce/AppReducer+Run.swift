import FerryWorkbench

// MARK: - The run view's rows: opening what a run made

extension AppReducer {
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
        state.panes.focus = .response
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
        var (sendID, effects) = state.response.beginExchange(for: id)
        state.response.updateExchange(of: id) { shown in
            shown.sent = exchange.request
            shown.scrubber = exchange.scrubber
            shown.attempt = exchange.end.attempts
        }
        effects += reduceScoped(&state, .transfer(sendID, .ended(exchange.end)))
        effects += reduceScoped(&state, .transfer(sendID, .scriptsFinished(exchange.scriptOutcomes)))
        return effects
    }
}
