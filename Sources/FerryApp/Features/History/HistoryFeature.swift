import FerryWorkbench

/// The history view (F6) as a feature that owns its presentation: while it is open its state is the dialog on
/// top (``Overlay/history(_:)``) — the entries as read, where their requests live now, the search, the
/// selection, the entry marked for a diff and the diff itself — and its keys reach ``reduce(_:_:_:)`` as
/// ``HistoryAction``s. Opening an entry's request is asked of the root (``RootRequest/show(_:)``), its recorded
/// response or a new send of the response pane.
enum HistoryFeature {
    /// The open view.
    struct State: Sendable, Equatable {
        /// The entries, newest first, as last read.
        var entries: [HistoryEntry] = []
        /// Where the entries' requests live now.
        var targets = HistoryTargets()
        /// The search typed (entries whose method, URL, request or status hold it).
        var query = ""
        /// The selected row of the entries the search keeps.
        var selection = 0
        /// The row marked for a diff (Space), of the entries the search keeps.
        var marked: Int?
        /// The diff of two entries shown over the list, if any.
        var diff: Diff?

        /// The entries the search keeps, newest first.
        var matching: [HistoryEntry] { HistoryFilter.matching(query, in: entries) }
    }

    /// A diff of two entries (indices into ``State/entries``), scrolled.
    struct Diff: Sendable, Equatable {
        /// The entry marked first.
        var first: Int
        /// The entry it is compared with.
        var second: Int
        /// The first line shown.
        var scroll = 0
    }

    /// What the view reads of the rest of the app.
    struct Context {
        /// How many rows Page Up and Page Down move.
        var page: Int
        /// Whether the workspace holds a request with this id (an entry's request may be gone).
        var isInWorkspace: (RequestID) -> Bool
    }

    /// The most lines a diff scrolls (the view stops at its end).
    static let diffLineLimit = 10_000

    /// Applies a history-view action to the view (`nil`: closed).
    static func reduce(_ action: HistoryAction, _ view: inout State?, _ context: Context) -> FeatureOutput {
        switch action {
        case .requested:
            view = State()
            return .onFiles(.loadHistory)
        case .loaded(let entries, let targets):
            guard var open = view else { return .none }
            open.entries = entries.reversed()
            open.targets = targets
            open.selection = min(open.selection, max(0, open.matching.count - 1))
            view = open
            return .none
        case .cursorMoved(let move):
            guard var open = view else { return .none }
            if var diff = open.diff {
                diff.scroll = AppReducer.step(diff.scroll, move, count: diffLineLimit, page: context.page)
                open.diff = diff
            } else {
                open.selection = AppReducer.step(open.selection, move, count: open.matching.count, page: context.page)
            }
            view = open
            return .none
        case .queryChanged(let query):
            guard var open = view, open.diff == nil else { return .none }
            open.query = query
            open.selection = 0
            view = open
            return .none
        case .marked:
            guard var open = view, open.diff == nil else { return .none }
            open.mark()
            view = open
            return .none
        case .rowActivated, .sendAgainRequested:
            guard let open = view else { return .none }
            // Enter on a diff goes back to the list, as Esc does.
            if open.diff != nil { return reduce(.dismissed, &view, context) }
            let entries = open.matching
            guard entries.indices.contains(open.selection) else { return .none }
            let entry = entries[open.selection]
            let sending = if case .sendAgainRequested = action { true } else { false }
            return openRequest(of: entry, at: open.targets.location(of: entry), sending: sending, context)
        case .dismissed:
            // Esc peels one layer: the diff goes back to the list, the list closes.
            if view?.diff != nil {
                view?.diff = nil
                view?.marked = nil
            } else {
                view = nil
            }
            return .none
        }
    }
}

extension HistoryFeature.State {
    /// Space: marks the selected row, or opens the diff of the marked row and the selected one.
    mutating func mark() {
        let entries = matching
        guard entries.indices.contains(selection) else { return }
        guard let marked else {
            self.marked = selection
            return
        }
        guard marked != selection, entries.indices.contains(marked),
            let first = self.entries.firstIndex(of: entries[marked]),
            let second = self.entries.firstIndex(of: entries[selection])
        else { return }
        diff = HistoryFeature.Diff(first: first, second: second)
    }
}

extension Overlay {
    /// The history view's state, when this is it.
    var historyView: HistoryFeature.State? {
        if case .history(let view) = self { return view }
        return nil
    }
}

extension AppState {
    /// The history view while it is the dialog on top (also under its help), `nil` otherwise: the history
    /// feature's slice of the state. Setting `nil` closes it.
    var historyView: HistoryFeature.State? {
        get { presented(\.historyView) }
        set { present(newValue, extract: \.historyView, embed: Overlay.history) }
    }
}

extension HistoryFeature {
    /// Opens the request of history `entry`, found at `location` (followed through moves and renames), and
    /// closes the history, showing the response the entry recorded (unless one is in flight) or, `sending`,
    /// sending the request again; says so when it was found somewhere else. When the request is gone the
    /// history stays open, so another entry can be picked.
    static func openRequest(
        of entry: HistoryEntry, at location: HistoryLocator.Location?, sending: Bool, _ context: Context
    ) -> FeatureOutput {
        let recorded = entry.recordedRequestPath
        let found = location?.id ?? RequestID(parsing: recorded)
        guard context.isInWorkspace(found) else {
            return .report(
                .error(
                    "Cannot open this entry: \(recorded) is no longer in the workspace (no request has its id, "
                        + "its path or its file and name now). A deleted one may be in the trash (F9)."))
        }
        var requests: [RootRequest] = [.dismiss, .show(found)]
        if !sending, entry.status != nil {
            requests.append(.dispatch(.response(.recordedResponseChosen(entry, for: found))))
        }
        if location?.isGuess == true {
            let file = found.path.split(separator: "/").last.map(String.init) ?? found.path
            requests.append(
                .report(
                    .info(
                        "Opened \(found.description): \(recorded) is gone, and this is the only \(found.selector) in a "
                            + "file named \(file) (it was sent before Ferry recorded ids, so this is a guess).")))
        } else if found.description != recorded {
            requests.append(
                .report(.info("Opened \(found.description), sent as \(recorded) (moved or renamed since).")))
        }
        if sending { requests.append(.dispatch(.response(.sendRequested))) }
        return FeatureOutput(requests: requests)
    }
}

extension HistoryFeature.Context {
    /// The context in `state`: a page is the screen less the dialog's frame.
    init(_ state: AppState) {
        self.init(
            page: ListDialogContext(state).page,
            isInWorkspace: { [workspace = state.workspace] in AppState.savedRequest($0, in: workspace) != nil })
    }
}
