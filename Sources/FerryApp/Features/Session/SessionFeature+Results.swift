import FerryWorkbench

// MARK: - How file operations ended: the session takes the new workspace, the features what it means for them

extension SessionFeature {
    /// Takes in how a piece of work on the workspace's files ended.
    static func reduce(_ event: WorkspaceEvent, _ state: inout State, _ context: Context) -> FeatureOutput {
        switch event {
        case .saveFinished(let id, let saved, let result): return saveFinished(id, saved, result, &state, context)
        case .changed(let result, let select): return changed(result, select: select, &state)
        case .itemChanged(let result, let from, let to, let copied):
            return itemChanged(result, from: from, to: to, copied: copied, &state, context)
        case .importFinished(let result): return importFinished(result, &state)
        case .undoFinished(let result): return undoFinished(result, &state, context)
        case .restored(let entry, let result): return restored(entry, result, &state)
        case .reloaded(let result): return reloaded(result, &state, context)
        case .fileWorkEnded: state.fileQueue.ended()
        case .changedOnDisk(let paths): state.fileQueue.append(.reloadChanged(paths))
        case .requestFileEdited(let id): state.fileQueue.append(.reload(selecting: id))
        }
        return .none
    }

    /// A save ended: the workspace as written; the editor drops the draft if nothing changed since, and `:wq`
    /// quits once it is written.
    private static func saveFinished(
        _ id: RequestID, _ saved: SavedRequest, _ result: Result<Workspace, SaveFailure>, _ state: inout State,
        _ context: Context
    ) -> FeatureOutput {
        guard case .success(let workspace) = result else {
            return FeatureOutput(
                requests: [.report(.error(result.failureMessage)), .dispatch(.app(.saveEnded(id, succeeded: false)))])
        }
        state.workspace = workspace
        var message = AppState.Message.info("Saved \(id.path).")
        message.subject = .request(id, draft: context.drafts[id])
        return FeatureOutput(
            requests: [
                .adopt(WorkspaceAdoption()), .report(message), .dispatch(.editor(.saved(id, saved))),
                .dispatch(.app(.saveEnded(id, succeeded: true))),
            ])
    }

    /// A change of requests ended: the workspace as it now is, and the request it made opened.
    private static func changed(
        _ result: Result<Workspace, SaveFailure>, select: RequestID?, _ state: inout State
    ) -> FeatureOutput {
        let focus = state.focusAfterChange
        state.focusAfterChange = nil
        guard case .success(let workspace) = result else { return .report(.error(result.failureMessage)) }
        state.workspace = workspace
        return FeatureOutput(
            requests: [
                .adopt(WorkspaceAdoption(open: select, focus: select == nil ? nil : focus)),
                .report(.info(select.map { "Now \($0)." } ?? "Done.")),
            ])
    }

    /// A file or folder was renamed, moved, duplicated or deleted: drafts, responses, the open request and
    /// collapsed folders inside it follow it (or go with it to the trash).
    private static func itemChanged(
        _ result: Result<Workspace, SaveFailure>, from path: String, to newPath: String?, copied: Bool,
        _ state: inout State, _ context: Context
    ) -> FeatureOutput {
        guard case .success(let workspace) = result else { return .report(.error(result.failureMessage)) }
        state.workspace = workspace
        var requests: [RootRequest] = []
        var adoption = WorkspaceAdoption(selectItem: newPath)
        let text: String
        if let newPath {
            if !copied {
                requests += [
                    .dispatch(.editor(.requestsRelocated(from: path, to: newPath))),
                    .dispatch(.response(.requestsRelocated(from: path, to: newPath))),
                ]
                adoption.relocated = Relocation(from: path, to: newPath)
            }
            text = copied ? "Copied to \(newPath)." : "Moved \(path) to \(newPath)."
        } else {
            // The effect runner moved their drafts into the trash beside the item: restoring brings them back.
            let trashed = context.drafts.keys.filter { Workspace.path($0.path, isInside: path) }.count
            requests += [
                .dispatch(.editor(.requestsTrashed(under: path))), .dispatch(.response(.requestsTrashed(under: path))),
            ]
            var words = "Moved \(path) to the trash (.ferry/trash)"
            if trashed > 0 { words += " with \(TrashRow.count(trashed, "unsaved edit"))" }
            text = words + "; F9 restores it."
        }
        return FeatureOutput(requests: requests + [.adopt(adoption), .report(.info(text))])
    }

    /// An import ended: the workspace with the new files, the first request it wrote opened.
    private static func importFinished(
        _ result: Result<ImportedFiles, SaveFailure>, _ state: inout State
    ) -> FeatureOutput {
        guard case .success(let imported) = result else { return .report(.error(result.failureMessage)) }
        state.workspace = imported.workspace
        state.environments = imported.environments
        let report = imported.report
        let requests = report.files.reduce(0) { $0 + $1.requestCount }
        let firstFile = report.files.first?.path
        let first = firstFile.flatMap { state.workspace.requests(under: $0).first?.id }
        var parts: [String] = []
        if requests > 0 {
            let place = report.files.count == 1 ? (firstFile ?? "") : "\(report.files.count) files"
            parts.append("\(requests) request\(requests == 1 ? "" : "s") into \(place)")
        }
        if report.addedVariables > 0 {
            parts.append("\(report.addedVariables) variable\(report.addedVariables == 1 ? "" : "s")")
        }
        var text =
            parts.isEmpty
            ? "Nothing new in \(imported.source)"
            : "Imported " + parts.joined(separator: " and ") + " from \(imported.source)"
        if let warning = report.diagnostics.first {
            text += "; \(report.diagnostics.count) not carried over, first: \(warning.message)"
        }
        return FeatureOutput(requests: [.adopt(WorkspaceAdoption(open: first)), .report(.info(text + "."))])
    }

    /// An undo ended: the workspace is taken in as after the command it undid, and what was undone is said.
    private static func undoFinished(
        _ result: Result<UndoneChange, SaveFailure>, _ state: inout State, _ context: Context
    ) -> FeatureOutput {
        guard case .success(let undone) = result else { return .report(.error(result.failureMessage)) }
        var output: FeatureOutput
        switch undone.result {
        case .files(let workspace, let environments):
            state.environments = environments
            output = changed(.success(workspace), select: nil, &state)
        case .relocated(let workspace, let from, let to):
            output = itemChanged(.success(workspace), from: from, to: to, copied: false, &state, context)
        case .restored(let entry, let restored):
            output = self.restored(entry, .success(restored), &state)
        }
        let again = AppKeyMap.hint(for: .undo, in: context.keyMap).map { " (\($0) undoes the one before)" } ?? ""
        output.requests.append(.report(.info("Undone: the \(undone.summary)\(again).")))
        return output
    }

    /// A restore from the trash ended: the tree shows the item again, selected, and the drafts that went to the
    /// trash with it are unsaved edits again; a refusal is said and the trash listed afresh.
    private static func restored(
        _ entry: TrashEntry, _ result: Result<RestoredItem, SaveFailure>, _ state: inout State
    ) -> FeatureOutput {
        guard case .success(let restored) = result else {
            state.fileQueue.append(.loadTrash)
            return .report(.error(result.failureMessage))
        }
        state.workspace = restored.workspace
        let back = restored.drafts.filter { id, draft in
            AppState.savedRequest(id, in: restored.workspace).map { $0 != draft } ?? false
        }.count
        var adoption = WorkspaceAdoption()
        switch entry.kind {
        case .item: adoption.selectItem = entry.originalPath
        case .request:
            let requests = state.workspace.requests(under: entry.originalPath)
            let position = min(entry.position ?? requests.count - 1, requests.count - 1)
            adoption.open = requests.first(where: { $0.position == position })?.id
        }
        var text = "Restored \(entry.originalPath) from the trash"
        if back > 0 { text += " with \(TrashRow.count(back, "unsaved edit")) (Ctrl-S saves)" }
        return FeatureOutput(
            requests: [
                .dismiss, .dispatch(.editor(.draftsRestored(restored.drafts))), .adopt(adoption),
                .report(.info(text + ".")),
            ])
    }

    /// The workspace was read again after files changed on disk. Unsaved edits are never replaced: a draft
    /// whose request changed on disk waits for the user's choice, a draft that now matches the file goes, and a
    /// draft whose request was removed stays in `.ferry/drafts`.
    private static func reloaded(
        _ result: Result<WorkspaceReload, SaveFailure>, _ state: inout State, _ context: Context
    ) -> FeatureOutput {
        guard case .success(let reload) = result else { return .report(.error(result.failureMessage)) }
        let before = state
        state.workspace = reload.workspace
        state.environments = reload.environments
        state.dotenv = reload.dotenv
        if let name = state.environment, !reload.environments.names.contains(name) {
            state.environment = reload.environments.names.first
        }
        let sorting = ReloadSorting(drafts: context.drafts, before: before.workspace, after: reload.workspace)
        return FeatureOutput(
            requests: [
                .dispatch(.editor(.reloadSorted(sorting))), .adopt(WorkspaceAdoption()),
                .report(.info(reload.note ?? reloadSummary(reload.changed, removed: sorting.removed))),
                .replaceProblems(
                    old: (before.workspace.diagnostics + before.environments.diagnostics).map(Problem.init),
                    fresh: (reload.workspace.diagnostics + reload.environments.diagnostics).map(Problem.init)),
            ])
    }

    /// "Reloaded a.http, b.http from disk", at most three names.
    private static func reloadSummary(_ changed: [String], removed: [RequestID]) -> String {
        let names =
            changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
        var text = "Reloaded from disk: \(names)."
        if !removed.isEmpty {
            text +=
                " Unsaved edits of \(removed.count) removed request\(removed.count == 1 ? "" : "s") stay in .ferry/drafts."
        }
        return text
    }
}

extension Result where Failure == SaveFailure {
    /// The failure's words (empty for a success).
    fileprivate var failureMessage: String {
        if case .failure(let failure) = self { return failure.message }
        return ""
    }
}
