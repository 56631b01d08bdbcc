import FerryTerminal
import FerryWorkbench

// MARK: - The drafts against their files: saving, discarding, and files changed on disk under them

extension EditorFeature {
    /// Saves the open request's draft to its file, on the file queue.
    static func save(_ state: State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest else { return .none }
        guard let draft = state.drafts[id] else { return .report(.info("No unsaved changes in \(id).")) }
        return FeatureOutput(requests: [.report(.info("Saving \(id.path)…")), .onFiles(.save(id, draft))])
    }

    /// Asks whether to throw away the open request's unsaved edits, naming the lines that would go.
    static func askToDiscard(_ state: State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest, state.drafts[id] != nil else {
            return .report(.info("No unsaved changes to discard."))
        }
        let lost = state.changedLines(of: id, saved: context.saved).compactMap { change -> String? in
            switch change {
            case .added(let line): "+ " + line
            case .removed(let line): "- " + line
            case .same: nil
            }
        }
        return .present(.confirmDiscard(id, lost: lost))
    }

    /// The question of the discard dialog: which request, and the first changed lines (file → draft).
    static func discardQuestion(_ id: RequestID, lost: [String]) -> String {
        let shown = lost.prefix(4).map { $0.count > 60 ? $0.prefix(59) + "…" : $0 }
        let more = lost.count > shown.count ? "\n… and \(lost.count - shown.count) more changed lines" : ""
        return "Your unsaved edits of \(id) go; it becomes the file's version again. Lost:\n"
            + shown.joined(separator: "\n") + more + "\ny discards, n or Esc keeps them."
    }

    /// Throws away `id`'s draft: the editor shows the file's version and the draft file is removed.
    static func discardDraft(_ id: RequestID, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard state.drafts[id] != nil else { return .none }
        state.dropDraft(id)
        if state.openRequest == id {
            state.mode = .url
            state.urlEditor = TextEditorState(text: state.request(context)?.fullURL ?? "")
        }
        return FeatureOutput(
            effects: [.writeDraft(id, nil)],
            requests: [.report(.info("Discarded the edits of \(id): it is the file's version again."))])
    }

    /// The reload question's answer for `id`: its edits stay (`keepsEdits`, also the question's Esc), or
    /// go for its file's version.
    static func answerReload(
        _ id: RequestID, keepsEdits: Bool, _ state: inout State, _ context: Context
    ) -> FeatureOutput {
        state.reloadConflicts.removeAll { $0 == id }
        guard !keepsEdits else { return .report(.info("Kept your edits of \(id); Ctrl-S saves them over the file.")) }
        state.drafts[id] = nil
        state.syncURLEditor(context)
        return FeatureOutput(
            effects: [.writeDraft(id, nil)], requests: [.report(.info("\(id) now is the file's version."))])
    }
}

extension EditorFeature.State {
    /// Forgets `id`'s draft, and the question about its file changed on disk with it.
    mutating func dropDraft(_ id: RequestID) {
        drafts[id] = nil
        reloadConflicts.removeAll { $0 == id }
    }

    /// The first request whose file changed on disk under its draft, to ask about now; requests whose
    /// draft or file has gone since are dropped from the queue.
    mutating func nextReloadConflict(saved: (RequestID) -> SavedRequest?) -> RequestID? {
        while let id = reloadConflicts.first {
            guard drafts[id] != nil, saved(id) != nil else {
                reloadConflicts.removeFirst()
                continue
            }
            return id
        }
        return nil
    }

    /// The lines of the file's version of `id` against its draft, as the diff views show them.
    func changedLines(of id: RequestID, saved: (RequestID) -> SavedRequest?) -> [HistoryDiff.Change] {
        guard let theirs = saved(id), let mine = drafts[id] else { return [] }
        let lines = { (request: SavedRequest) in
            request.rendered(separator: false).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return HistoryDiff.diff(lines(theirs), lines(mine))
    }
}
