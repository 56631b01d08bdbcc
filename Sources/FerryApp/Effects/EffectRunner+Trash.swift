import FerryWorkbench
import Foundation

// MARK: - The trash: listing it, restoring from it and deleting from it for good (on the file queue)

extension EffectRunner {
    /// Posts the trash's entries, most recent first, with what each holds and the drafts kept beside it.
    /// Runs on the file queue.
    func listTrash(_ workspace: Workspace) {
        let rows = workspace.trashSummaries().map { summary in
            let drafts = DraftStore.inTrash(workspace.trashFolder.appendingPathComponent(summary.entry.id)).load()
            return TrashRow(summary: summary, drafts: drafts.count)
        }
        post(TrashAction.loaded(rows))
    }

    /// Puts `entry` back where it was, never over something that exists there now, and moves the drafts
    /// kept beside it back into `.ferry/drafts`. Runs on the file queue.
    func restore(_ entry: TrashEntry, in workspace: Workspace) {
        var workspace = workspace
        let drafts = DraftStore(stateFolder: stateFolder)
        var back: [RequestID: SavedRequest] = [:]
        do {
            try workspace.restore(entry) { folder in back = drafts.unstash(from: folder) }
            post(WorkspaceEvent.restored(entry, .success(RestoredItem(workspace: workspace, drafts: back))))
        } catch WorkspaceError.alreadyExists(let place) {
            post(
                WorkspaceEvent.restored(
                    entry, .failure(SaveFailure(message: AppReducer.restoreRefusal(entry, blockedBy: place)))))
        } catch {
            post(
                WorkspaceEvent.restored(
                    entry,
                    .failure(
                        SaveFailure(
                            message:
                                "Cannot restore \(entry.originalPath): \(error). It stays in the trash (.ferry/trash)."
                        ))))
        }
    }

    /// Deletes `entries` from the trash for good (with the drafts kept beside them) and posts how many went.
    /// Runs on the file queue.
    func purge(_ entries: [TrashEntry], in workspace: Workspace) {
        do {
            post(TrashAction.purged(entries, .success(try workspace.purge(entries))))
        } catch {
            post(
                TrashAction.purged(
                    entries, .failure(SaveFailure(message: "Cannot delete from the trash for good: \(error)."))))
        }
    }
}
