import FerryWorkbench
import Foundation

// MARK: - Undoing the last file-changing tree command (on the file queue)

extension EffectRunner {
    /// Posts `change` (what the command `summary` did) for `u` to take back; `nil` posts nothing. Runs on the
    /// file queue, before the command's result is posted.
    func remember(_ change: WorkspaceUndo.Change?, summary: String) {
        guard let change else { return }
        post(.undo(.remembered(WorkspaceUndo(summary: summary, change: change))))
    }

    /// Takes back `undo` in `workspace` and posts what it undid, or why nothing was undone. Runs on the file
    /// queue.
    func undo(_ undo: WorkspaceUndo, in workspace: Workspace) {
        do {
            post(
                WorkspaceEvent.undoFinished(
                    .success(UndoneChange(summary: undo.summary, result: try apply(undo, in: workspace)))))
        } catch let failure as SaveFailure {
            post(WorkspaceEvent.undoFinished(.failure(failure)))
        } catch {
            post(
                WorkspaceEvent.undoFinished(
                    .failure(SaveFailure(message: "Cannot undo the \(undo.summary): \(error). Nothing was undone."))))
        }
    }

    private func apply(_ undo: WorkspaceUndo, in saved: Workspace) throws -> UndoneChange.Result {
        let root = saved.root
        switch undo.change {
        case .files(let images, let folders):
            try refuseOverDrafts(in: images.map(\.path), summary: undo.summary)
            try WorkspaceUndo.restore(images, createdFolders: folders, in: root)
            return try reloaded(root)
        case .copy(let path, let contents):
            try refuseOverDrafts(
                in: saved.files.map(\.path).filter { Workspace.path($0, isInside: path) },
                summary: undo.summary)
            try WorkspaceUndo.removeCopy(path, contents: contents, in: root)
            return try reloaded(root)
        case .relocation(let from, let to):
            var workspace = saved
            let parent = TreeFeature.parentFolder(of: from)
            if parent == TreeFeature.parentFolder(of: to) {
                try workspace.renameItem(to, to: from.split(separator: "/").last.map(String.init) ?? from)
            } else {
                try workspace.moveItem(to, intoFolder: parent)
            }
            DraftStore(stateFolder: stateFolder).relocate(to, to: from)
            return .relocated(workspace, from: to, to: from)
        case .trashed(let entry):
            var workspace = saved
            let drafts = DraftStore(stateFolder: stateFolder)
            var back: [RequestID: SavedRequest] = [:]
            try workspace.restore(entry) { folder in back = drafts.unstash(from: folder) }
            return .restored(entry, RestoredItem(workspace: workspace, drafts: back))
        }
    }

    /// Refuses to rewrite or remove a file whose requests have unsaved edits (they would lose their request).
    private func refuseOverDrafts(in paths: [String], summary: String) throws(SaveFailure) {
        let touched = Set(paths)
        guard
            let draft = DraftStore(stateFolder: stateFolder).load().keys.sorted().first(where: {
                touched.contains($0.path)
            })
        else { return }
        throw SaveFailure(
            message: "Cannot undo the \(summary): \(draft) has unsaved edits. Save (Ctrl-S) them first, then undo.")
    }

    private func reloaded(_ root: URL) throws -> UndoneChange.Result {
        let workspace = try Workspace.load(at: root)
        return .files(workspace, workspace.environments())
    }

    /// The words for what `change` did, as `u` reports it undone.
    static func summary(of change: WorkspaceChange) -> String {
        switch change {
        case .create(let name, let file): "new request \(name) in \(file)"
        case .rename(let id, let name): "rename of \(id) to \(name)"
        case .duplicate(let id): "duplicate of \(id)"
        case .delete(let id): "delete of \(id)"
        case .move(let id, let file): "move of \(id) to \(file)"
        case .createFolder(let path): "new folder \(path)"
        case .renameItem(let path, let name): "rename of \(path) to \(name)"
        case .moveItem(let path, let folder): "move of \(path) into \(folder.isEmpty ? "the workspace" : folder)"
        case .duplicateItem(let path): "copy of \(path)"
        case .deleteItem(let path): "delete of \(path)"
        case .importFile(let path, _): "import of \(path)"
        }
    }
}

/// What `u` undid: the command in words and the workspace as it is now.
struct UndoneChange: Sendable {
    /// How the workspace came back.
    enum Result: Sendable {
        /// Files were written back: the workspace and environments read again.
        case files(Workspace, EnvironmentFiles)
        /// A file or folder moved back from `from` to `to`.
        case relocated(Workspace, from: String, to: String)
        /// A trashed item came back from the trash, with its drafts.
        case restored(TrashEntry, RestoredItem)
    }

    /// What was undone, in words.
    var summary: String
    /// The workspace after the undo.
    var result: Result
}
