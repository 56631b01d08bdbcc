import FerryWorkbench

/// The trash view (F9) as a feature that owns its presentation: while it is open its state is the dialog on
/// top (``Overlay/trash(_:)``), its listing and its "delete for good?" questions included, and its keys reach
/// ``reduce(_:_:_:)`` as ``TrashAction``s. Listing, restoring and deleting are effects; what a restore brings
/// back changes the workspace, so the session takes it in (``WorkspaceEvent/restored(_:_:)``).
enum TrashFeature {
    /// The open view.
    struct State: Sendable, Equatable {
        /// The entries, most recent first, as last listed.
        var rows: [TrashRow] = []
        /// The selected row.
        var selection = 0
        /// The question asked over the list, if any.
        var question: Question?
    }

    /// A question before deleting for good (y deletes, n or Esc goes back to the list).
    enum Question: Sendable, Equatable {
        /// Delete this entry for good?
        case purge(TrashRow)
        /// Empty the trash of these entries?
        case empty([TrashEntry])
    }

    /// What the view reads of the rest of the app: how far a page moves.
    typealias Context = ListDialogContext

    /// Applies a trash action to the view (`nil`: closed).
    static func reduce(_ action: TrashAction, _ view: inout State?, _ context: Context) -> FeatureOutput {
        switch action {
        case .requested:
            view = State()
            return .onFiles(.loadTrash)
        case .loaded(let rows):
            guard var open = view else { return .none }
            open.rows = rows
            open.selection = min(open.selection, max(0, rows.count - 1))
            view = open
            return .none
        case .cursorMoved(let move):
            guard var open = view, open.question == nil else { return .none }
            open.selection = AppReducer.step(open.selection, move, count: open.rows.count, page: context.page)
            view = open
            return .none
        case .restoreRequested:
            guard let open = view, open.question == nil, open.rows.indices.contains(open.selection) else {
                return .none
            }
            return .onFiles(.restoreFromTrash(open.rows[open.selection].entry))
        case .purgeRequested:
            guard var open = view, open.question == nil, open.rows.indices.contains(open.selection) else {
                return .none
            }
            open.question = .purge(open.rows[open.selection])
            view = open
            return .none
        case .emptyRequested:
            guard var open = view, open.question == nil else { return .none }
            guard !open.rows.isEmpty else { return .report(.info("The trash is already empty.")) }
            open.question = .empty(open.rows.map(\.entry))
            view = open
            return .none
        case .confirmed:
            guard var open = view, let question = open.question else { return .none }
            open.question = nil
            switch question {
            case .purge(let row):
                view = open
                return .onFiles(.purgeTrash([row.entry]))
            case .empty(let entries):
                open.selection = 0
                view = open
                return .onFiles(.purgeTrash(entries))
            }
        case .dismissed:
            // n or Esc on a question keeps the entries and goes back to the list; on the list it closes it.
            if view?.question != nil {
                view?.question = nil
            } else {
                view = nil
            }
            return .none
        case .purged(let entries, let result):
            return FeatureOutput(requests: [.onFiles(.loadTrash), .report(purgeReport(entries, result, view))])
        }
    }

    /// What was deleted for good, or why not.
    private static func purgeReport(_ entries: [TrashEntry], _ result: Result<Int, SaveFailure>, _ view: State?)
        -> AppState.Message
    {
        switch result {
        case .success(let count) where entries.count == 1:
            let what = view?.rows.first { $0.entry == entries[0] }?.description ?? entries[0].originalPath
            return .info(count == 1 ? "Deleted \(what) for good." : "\(what) was no longer in the trash.")
        case .success(let count):
            let deleted = count == 1 ? "1 entry" : "\(count) entries"
            return .info("Emptied the trash: \(deleted) deleted for good.")
        case .failure(let failure):
            return .error(failure.message)
        }
    }

    /// The question before `row`'s entry is deleted for good.
    static func purgeQuestion(_ row: TrashRow) -> String {
        "Delete \(row.description) for good? It can't be restored. y deletes, n keeps it."
    }

    /// The question before the trash is emptied of `count` entries.
    static func emptyQuestion(count: Int) -> String {
        let entries = count == 1 ? "its 1 entry" : "all \(count) entries"
        return "Empty the trash: delete \(entries) for good? They can't be restored. y empties it, n keeps them."
    }
}

extension Overlay {
    /// The trash view's state, when this is it.
    var trashView: TrashFeature.State? {
        if case .trash(let view) = self { return view }
        return nil
    }
}

extension AppState {
    /// The trash view while it is the dialog on top (also under its help), `nil` otherwise: the trash feature's
    /// slice of the state. Setting `nil` closes it.
    var trashView: TrashFeature.State? {
        get { presented(\.trashView) }
        set { present(newValue, extract: \.trashView, embed: Overlay.trash) }
    }
}
