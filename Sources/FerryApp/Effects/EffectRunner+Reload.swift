import FerryWorkbench

// MARK: - Live reload: reading the workspace again when files change outside Ferry

extension EffectRunner {
    /// The files read for variables rather than requests, at the workspace's root: both environment files
    /// and `.env`.
    static let contextFileNames = [EnvironmentFiles.publicFileName, EnvironmentFiles.privateFileName, ".env"]

    /// On the file queue: when any of `paths` (empty: anything) makes `workspace` (the state's, as saved) out of
    /// date, reads it again and posts it. Ferry's own saves are not
    /// changes (their bytes are the ones the saved copy holds, or, for a variable file an import wrote, the
    /// ones it read back), so they reload nothing. `note` says what Ferry changed when it is the cause.
    func reloadChanged(_ paths: Set<String>, note: String? = nil, in saved: Workspace) {
        let changed = saved.changedOnDisk(paths.isEmpty ? nil : paths).filter { !isAsRead($0) }
        guard !changed.isEmpty else { return }
        do {
            let workspace = try Workspace.load(at: saved.root)
            recordContextFiles()
            let reload = WorkspaceReload(
                workspace: workspace, environments: workspace.environments(), dotenv: workspace.dotenv(),
                changed: changed, note: note)
            post(WorkspaceEvent.reloaded(.success(reload)))
        } catch {
            post(
                WorkspaceEvent.reloaded(.failure(SaveFailure(message: "Could not read the workspace again: \(error).")))
            )
        }
    }

    /// Notes the bytes of the variable files `names` as they are now, before the variables posted are read from
    /// them; only on the file queue.
    func recordContextFiles(_ names: [String] = contextFileNames) {
        for name in names { contextFilesAsRead[name] = .some(contextFileBytes(name)) }
    }

    /// Whether `path` is a variable file whose bytes are the ones last read (so the change was Ferry's own).
    private func isAsRead(_ path: String) -> Bool {
        guard case .some(let recorded) = contextFilesAsRead[path] else { return false }
        return contextFileBytes(path) == recorded
    }

    /// The bytes of the variable file `name` at the workspace's root, `nil` when it is absent or unreadable.
    private func contextFileBytes(_ name: String) -> [UInt8]? {
        try? FileIO.bytes(of: root.appendingPathComponent(name))
    }
}
