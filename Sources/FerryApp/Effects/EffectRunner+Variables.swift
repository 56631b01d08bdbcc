import FerryWorkbench

// MARK: - Reading what the variables view lists beyond the environments

extension EffectRunner {
    /// On the file queue (the history and `.ferry/ids.json` are read): posts the session's script globals and
    /// the values `request` captures from earlier responses.
    func loadVariables(capturedFor request: WorkspaceRequest?, in workspace: Workspace) {
        let globals = sender.scripting.globals.snapshot()
        let captured =
            request.map {
                workspace.capturedValues(for: $0, history: HistoryLog(stateFolder: workspace.stateFolder))
            } ?? [:]
        post(.overlay(.variables(.loaded(globals: globals, captured: captured))))
    }
}
