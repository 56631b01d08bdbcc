import FerryWorkbench
import Foundation

// MARK: - Work on the workspace's files (on the file queue, one piece at a time)

extension EffectRunner {
    /// Does `work` on `workspace` (the state's, which no other piece changes meanwhile: the state hands out
    /// one at a time) and posts its results, then ``WorkspaceEvent/fileWorkEnded`` so the state hands out the
    /// next. Runs on the file queue.
    func doFileWork(_ work: FileWork, on workspace: Workspace) {
        defer { post(.workspace(.fileWorkEnded)) }
        switch work {
        case .save(let id, let request): save(id, request, in: workspace)
        case .change(let change): changeWorkspace(change, in: workspace)
        case .undo(let undo): self.undo(undo, in: workspace)
        case .editEnvironmentFile(let file, let change): editEnvironmentFile(file, change, in: workspace)
        case .reloadChanged(let paths): reloadChanged(paths, in: workspace)
        case .reload(let request): reload(workspace, selecting: request)
        case .trust:
            do {
                try services.trustStore.trust(workspace)
            } catch {
                post(.session(.trustNotKept("\(error)", trusted: true)))
            }
        case .keepInSafeMode:
            do {
                try services.trustStore.decline(workspace)
            } catch {
                post(.session(.trustNotKept("\(error)", trusted: false)))
            }
        case .loadHistory:
            // The locator reads (and may add to) `.ferry/ids.json` for the workspace as saved.
            let entries = HistoryLog(stateFolder: stateFolder).entries()
            let locator = try? HistoryLocator(workspace: workspace)
            post(.overlay(.history(.loaded(entries, HistoryTargets(entries, locator: locator)))))
        case .loadVariables(let request): loadVariables(capturedFor: request, in: workspace)
        case .loadRecordedResponses: loadRecordedResponses(in: workspace)
        case .loadTrash: listTrash(workspace)
        case .restoreFromTrash(let entry): restore(entry, in: workspace)
        case .purgeTrash(let entries): purge(entries, in: workspace)
        }
    }

    private func save(_ id: RequestID, _ request: SavedRequest, in workspace: Workspace) {
        var workspace = workspace
        do {
            try workspace.updateRequest(id, with: request)
            post(WorkspaceEvent.saveFinished(id, request, .success(workspace)))
        } catch {
            post(WorkspaceEvent.saveFinished(id, request, .failure(SaveFailure(message: Self.describe(error, id: id)))))
        }
    }

    private func changeWorkspace(_ change: WorkspaceChange, in before: Workspace) {
        switch change {
        case .renameItem, .moveItem, .duplicateItem, .deleteItem:
            changeItem(change, in: before)
            return
        case .importFile(let path, let folder):
            importFile(path, intoFolder: folder, in: before)
            return
        default:
            break
        }
        var workspace = before
        do {
            var select: RequestID?
            var trashed: TrashEntry?
            switch change {
            case .create(let name, let file):
                var request = SavedRequest(title: name, method: "GET", url: "{{host}}/")
                request.name = name
                select = try workspace.createRequest(request, inFile: file).id
            case .rename(let id, let name): select = try workspace.renameRequest(id, to: name)
            case .duplicate(let id): select = try workspace.duplicateRequest(id)
            case .delete(let id):
                let entry = try workspace.deleteRequest(id)
                trashed = entry
                // Its unsaved draft goes into the trash beside it, so restoring it brings the edit back.
                DraftStore(stateFolder: stateFolder).stash(
                    id, into: workspace.trashFolder.appendingPathComponent(entry.id))
            case .move(let id, let file): select = try workspace.moveRequest(id, toFile: file)
            case .createFolder(let path): try workspace.createFolder(path)
            case .renameItem, .moveItem, .duplicateItem, .deleteItem, .importFile: break
            }
            remember(
                trashed.map { .trashed($0) } ?? WorkspaceUndo.images(before: before, after: workspace),
                summary: Self.summary(of: change))
            post(WorkspaceEvent.changed(.success(workspace), select: select))
        } catch {
            post(
                WorkspaceEvent.changed(
                    .failure(SaveFailure(message: "Could not change the workspace: \(error)")), select: nil))
        }
    }

    /// Renames, moves, duplicates or trashes a file or folder; the drafts of the requests in a renamed or
    /// moved one are moved on disk right after it, on the same queue, so a crash between the two loses nothing
    /// that the next launch cannot find.
    private func changeItem(_ change: WorkspaceChange, in workspace: Workspace) {
        var workspace = workspace
        var from = ""
        var to: String?
        var copied = false
        var undo: WorkspaceUndo.Change?
        do {
            switch change {
            case .renameItem(let path, let name):
                from = path
                to = try workspace.renameItem(path, to: name)
            case .moveItem(let path, let folder):
                from = path
                to = try workspace.moveItem(path, intoFolder: folder)
            case .duplicateItem(let path):
                from = path
                copied = true
                let copy = try workspace.duplicateItem(path)
                to = copy
                undo = .copy(path: copy, contents: FolderContents.read(workspace.url(of: copy)))
            case .deleteItem(let path):
                from = path
                let entry = try workspace.deleteItem(path)
                undo = .trashed(entry)
                // Its unsaved drafts go into the trash beside it, so restoring it brings them back.
                DraftStore(stateFolder: stateFolder).stash(
                    under: path, into: workspace.trashFolder.appendingPathComponent(entry.id))
            default:
                return
            }
            if let to, !copied, to != from {
                DraftStore(stateFolder: stateFolder).relocate(from, to: to)
                undo = .relocation(from: from, to: to)
            }
            remember(undo, summary: Self.summary(of: change))
            post(WorkspaceEvent.itemChanged(.success(workspace), from: from, to: to, copied: copied))
        } catch {
            post(
                WorkspaceEvent.itemChanged(
                    .failure(SaveFailure(message: "Could not change \(from): \(error). Nothing was changed.")),
                    from: from, to: nil, copied: copied))
        }
    }

    /// Reads `workspace` again (a request file was edited outside the app) and posts it, with `request` to open.
    private func reload(_ workspace: Workspace, selecting request: RequestID) {
        do {
            post(.workspace(.changed(.success(try Workspace.load(at: workspace.root)), select: request)))
        } catch {
            post(.workspace(.changed(.failure(SaveFailure(message: "\(error)")), select: nil)))
        }
    }

    /// Posts the last answered response the history holds for each request it can place for sure.
    private func loadRecordedResponses(in workspace: Workspace) {
        let entries = HistoryLog(stateFolder: stateFolder).entries()
        guard !entries.isEmpty, let locator = try? HistoryLocator(workspace: workspace) else { return }
        let targets = HistoryTargets(entries, locator: locator)
        var last: [RequestID: HistoryEntry] = [:]
        // The log is oldest first: a later answered entry replaces an earlier one.
        for entry in entries where entry.status != nil {
            guard let location = targets.location(of: entry), !location.isGuess else { continue }
            last[location.id] = entry
        }
        if !last.isEmpty { post(.response(.recordedResponsesLoaded(last))) }
    }

    /// Why a save failed, in words that say the edits are kept.
    private static func describe(_ error: any Error, id: RequestID) -> String {
        if let problem = error as? WorkspaceError, case .changedOnDisk(let path) = problem {
            return "\(path) changed on disk since it was loaded; nothing was written. "
                + "Your edits are kept as a draft; Ferry reads the file again and asks whether to keep them."
        }
        return "Could not save \(id.path): \(error). Your edits are kept as a draft in .ferry/drafts."
    }
}
