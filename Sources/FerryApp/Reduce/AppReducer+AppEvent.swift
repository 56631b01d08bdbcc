import FerryTerminal
import FerryWorkbench

// MARK: - The keys and events that concern the whole screen

extension AppReducer {
    /// Applies a screen-wide event: keys whose meaning depends on the focus, the environment, quitting.
    static func reduce(_ event: AppEvent, _ state: inout AppState) -> [Effect] {
        switch event {
        case .sendRequested: return reduceScoped(&state, .response(.sendRequested))
        case .sendAsWrittenRequested: return reduceScoped(&state, .response(.sendAsWrittenRequested))
        case .cancelRequested: return reduceScoped(&state, state.escapeAction)
        case .environmentCycled:
            let names = state.environments.names
            guard !names.isEmpty else {
                state.report(.error("No environments: add http-client.env.json to the workspace."))
                return []
            }
            let index = state.environment.flatMap { names.firstIndex(of: $0) } ?? -1
            return chooseEnvironment(names[(index + 1) % names.count], &state)
        case .environmentChosen(let name): return chooseEnvironment(name, &state)
        case .environmentPickerRequested:
            let names = state.environments.names
            state.overlay = .environmentPicker(
                PickerDialogState(
                    title: "Environment (\(state.environment ?? "none") now)", items: names.map { PickerChoice($0) }))
            return []
        case .quitRequested:
            if state.hasUnsavedEdits {
                state.overlay = .confirmQuit
            } else {
                state.isFinished = true
            }
            return []
        case .quitConfirmed:
            state.isFinished = true
            return []
        case .helpRequested:
            state.overlay = helpOverlay(over: state.overlay)
            return []
        case .paletteRequested:
            state.overlay = .palette(
                PickerDialogState(
                    title: "Command palette (or a request's name to go to it)",
                    items: PaletteEntries.all(keyMap: state.keyMap, requestsOf: state.workspace)))
            return []
        case .commandLineRequested:
            state.overlay = .palette(
                PickerDialogState(
                    title: ":  w saves, q quits, wq or x saves and quits, q! quits without saving",
                    items: PaletteEntries.exCommands + PaletteEntries.all(keyMap: state.keyMap)))
            return []
        case .saveAndQuitRequested:
            guard let id = state.openRequest, state.editor.drafts[id] != nil else {
                return reduce(&state, .app(.quitRequested))
            }
            state.quitsAfterSaving = id
            return reduceScoped(&state, .editor(.saveRequested))
        case .problemsRequested:
            state.overlay = .problems(scroll: 0)
            return []
        case .ticked(let now):
            state.spinnerFrame += 1
            return reduceScoped(&state, .response(.clockTicked(now)))
        case .suspendRequested: return [.suspendProcess]
        case .copyFailed(let failure):
            state.report(.error(failure.message))
            return []
        case .trustRequested:
            guard state.workspaceAccess == .confined else {
                state.report(.info("This workspace is trusted already."))
                return []
            }
            markTrusted(&state)
            return []
        case .trustNotKept(let reason, let trusted):
            state.report(
                .error(
                    trusted
                        ? "Trusted for this session only: \(reason)."
                        : "Safe mode, but the answer was not kept (asked again next start): \(reason)."))
            return []
        }
    }

    /// Makes `name` the active environment, remembered for the next launch.
    static func chooseEnvironment(_ name: String, _ state: inout AppState) -> [Effect] {
        guard state.environments.names.contains(name) else { return [] }
        state.environment = name
        state.report(.info("Environment: \(name)"))
        return [.rememberEnvironment(name)]
    }

    /// Gives the workspace's files full access for this session and records it in the user's trust store.
    static func markTrusted(_ state: inout AppState) {
        state.workspaceAccess = .trusted
        state.fileQueue.append(.trust)
        state.report(.info("Trusted: this workspace's files may read and write outside it (kept in your config)."))
    }
}
