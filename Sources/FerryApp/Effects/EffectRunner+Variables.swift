import FerryWorkbench

// MARK: - Reading what the variables view lists beyond the environments

extension EffectRunner {
    /// On the file queue (the history and `.ferry/ids.json` are read): posts the session's script globals and
    /// the values `request` captures from earlier responses.
    func loadVariables(capturedFor request: WorkspaceRequest?) {
        let globals = sender.scripting.globals.snapshot()
        onFiles {
            let captured =
                request.map {
                    self.saved.capturedValues(for: $0, history: HistoryLog(stateFolder: self.saved.stateFolder))
                } ?? [:]
            self.post(.overlay(.variables(.loaded(globals: globals, captured: captured))))
        }
    }
}
