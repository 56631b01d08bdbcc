import FerryWorkbench

// MARK: - Throwing a draft away, after saying what goes

extension AppReducer {
    /// Asks whether to throw away the open request's unsaved edits, naming the lines that would go.
    static func askToDiscard(_ state: inout AppState) -> [Effect] {
        guard let id = state.openRequest, state.editor.drafts[id] != nil else {
            state.report(.info("No unsaved changes to discard."))
            return []
        }
        let lost = reloadDiffLines(id, in: state).compactMap { change -> String? in
            switch change {
            case .added(let line): "+ " + line
            case .removed(let line): "- " + line
            case .same: nil
            }
        }
        state.overlay = .confirmDiscard(id, lost: lost)
        return []
    }

    /// The question of the discard dialog: which request, and the first changed lines (file → draft).
    static func discardQuestion(_ id: RequestID, lost: [String]) -> String {
        let shown = lost.prefix(4).map { $0.count > 60 ? $0.prefix(59) + "…" : $0 }
        let more = lost.count > shown.count ? "\n… and \(lost.count - shown.count) more changed lines" : ""
        return "Your unsaved edits of \(id) go; it becomes the file's version again. Lost:\n"
            + shown.joined(separator: "\n") + more + "\ny discards, n or Esc keeps them."
    }

    /// Throws away `id`'s draft: the editor shows the file's version and the draft file is removed.
    static func discardDraft(_ id: RequestID, _ state: inout AppState) -> [Effect] {
        guard state.editor.drafts[id] != nil else { return [] }
        state.editor.drafts[id] = nil
        state.reloadConflicts.removeAll { $0 == id }
        if state.openRequest == id {
            state.editor.mode = .url
            state.resetURLEditor()
        }
        state.report(.info("Discarded the edits of \(id): it is the file's version again."))
        return [.writeDraft(id, nil)]
    }

    /// Makes `name` (`.http` added when it has no extension) in `folder`, holding one request to start from.
    static func createFile(named name: String, inFolder folder: String, _ state: inout AppState) -> [Effect] {
        let file = name.hasSuffix(".http") || name.hasSuffix(".rest") ? name : name + ".http"
        let path = folder.isEmpty ? file : folder + "/" + file
        guard state.workspace.fileIndex(path) == nil else {
            state.report(.error("\(path) exists already: pick another name."))
            return []
        }
        state.focusAfterChange = .editor
        return state.queue(.change(.create(name: "first-request", inFile: path)))
    }
}
