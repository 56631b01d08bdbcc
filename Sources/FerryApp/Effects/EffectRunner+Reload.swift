import FerryWorkbench

// MARK: - Live reload: reading the workspace again when files change outside Ferry

extension EffectRunner {
    /// On the file queue, after every file effect asked for before: when any of `paths` (empty: anything)
    /// makes the workspace as saved out of date, reads it again and posts it. Ferry's own saves are not
    /// changes (their bytes are the ones the saved copy holds), so they reload nothing.
    func reloadChanged(_ paths: Set<String>) {
        onFiles {
            let changed = self.saved.changedOnDisk(paths.isEmpty ? nil : paths)
            guard !changed.isEmpty else { return }
            do {
                let workspace = try Workspace.load(at: self.saved.root)
                self.saved = workspace
                let reload = WorkspaceReload(
                    workspace: workspace, environments: workspace.environments(), dotenv: workspace.dotenv(),
                    changed: changed)
                self.post(WorkspaceEvent.reloaded(.success(reload)))
            } catch {
                self.post(
                    WorkspaceEvent.reloaded(
                        .failure(SaveFailure(message: "Could not read the workspace again: \(error)."))))
            }
        }
    }
}
