import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation

/// The response pane as a feature that owns its state: each request's exchange (what was sent and what came
/// back, with the body's viewport: cursor, search, filter) and the pane's own view state (the tab shown, where
/// its lines are scrolled, whether long lines wrap, the Tests tab's cursor). Its keys reach
/// ``reduce(_:_:_:)`` as ``ResponseAction``s; what it needs of the rest of the app comes through ``Context``, and
/// what it cannot do itself (a dialog, a status message, opening a request) it asks of the root.
///
/// Transfers fill the exchanges through ``TransferFeature``, scoped to this slice: a send is not the pane's.
enum ResponseFeature {
    /// The pane's state.
    struct State: Sendable {
        /// Each request's last exchange, by request.
        var exchanges: [RequestID: Exchange] = [:]
        /// The tab shown.
        var tab: ResponseTab = .body
        /// The first line shown on the tabs other than Body.
        var detailScroll = 0
        /// The first column shown on the tabs other than Body, when lines are cut.
        var detailColumn = 0
        /// Whether long lines wrap onto the rows below (else they are cut with `…`).
        var wrapsLines = false
        /// The selected row of the Tests tab.
        var testsCursor = 0
        /// The `/` queries and searches run this session, for ↑ and ↓ at the prompt.
        var queryHistory = PromptHistory()
        /// The time of the last clock tick (ticks come while something is in flight): what the time a send
        /// has waited is measured to.
        var now: ContinuousClock.Instant?
        /// The id the next exchange gets (a transfer's news names the exchange it is for).
        var nextSendID = SendID.first
        /// The last response the history recorded for requests with none this session, shown when opened.
        var recorded: [RequestID: HistoryEntry] = [:]

        /// Changes the exchange of request `id` (nothing when it has none).
        mutating func updateExchange(of id: RequestID?, _ change: (inout Exchange) -> Void) {
            guard let id, var exchange = exchanges[id] else { return }
            change(&exchange)
            exchanges[id] = exchange
        }

        /// Scrolls every body so its cursor is on a page of `page` rows (after the panes changed size).
        mutating func keepCursorsInView(page: Int) {
            for key in Array(exchanges.keys) {
                updateExchange(of: key) { exchange in
                    exchange.viewport.scroll = AppReducer.scrolled(
                        exchange.viewport.scroll, cursor: exchange.viewport.cursor, page: page)
                }
            }
        }

        /// Shows `tab` from its first line and column.
        mutating func show(_ tab: ResponseTab) {
            self.tab = tab
            detailScroll = 0
            detailColumn = 0
        }
    }

    /// What the pane reads of the rest of the app.
    struct Context {
        /// The request open in the editor, whose exchange the pane shows.
        var openRequest: RequestID?
        /// Where the tab's content is drawn.
        var content: Rect
        /// The screen's size (a value opened whole takes most of it).
        var screen: Size
        /// Whether the pane has the keyboard (the query filter's list takes the keys only then).
        var isFocused: Bool
        /// The keys, for the hints in messages.
        var keyMap: KeyMap
        /// The workspace's folder, from which a typed path is read.
        var workspaceRoot: URL
        /// Ferry's own folder in the workspace, where no body is saved.
        var stateFolder: URL
        /// The open request, with its unsaved edits, as a plan to send in the active environment.
        var plan: () -> (RequestID, SendPlan)?
        /// The column the view draws the tab's lines from for a pane in this state (the one scrolled to,
        /// stopped where the longest line in view ends).
        var shownColumn: (State) -> Int
    }

    /// Applies a response-pane action.
    static func reduce(_ action: ResponseAction, _ state: inout State, _ context: Context) -> FeatureOutput {
        switch action {
        case .requestOpened:
            state.show(state.tab)
            return .none
        case .cursorMoved(let move): return moveCursor(move, &state, context)
        case .rowActivated: return activateRow(&state, context)
        case .searchRequested:
            // Each `/` starts a fresh search (the last one stays in force until Enter runs the new one).
            guard context.openRequest.flatMap({ state.exchanges[$0] }) != nil else { return .none }
            state.queryHistory.startBrowsing()
            return .present(.search(""))
        case .searchRun(let text): return runSearch(text, &state, context)
        case .searchRecalled(let earlier, let text):
            guard let recalled = state.queryHistory.recall(earlier: earlier, from: text) else { return .none }
            return .present(.search(recalled))
        case .searchStepped(let step): return stepSearch(step, &state, context)
        case .filterClosed(let showing): return closeFilter(showing: showing, &state, context)
        case .jsonExpandedAll: return reshapeTree(&state, context) { $0.expandAll() }
        case .jsonCollapsedAll:
            return reshapeTree(&state, context) { $0 = JSONTree(document: $0.document, expandedDepth: 1) }
        case .jsonExpandedToLevel(let level):
            return reshapeTree(&state, context) { $0 = JSONTree(document: $0.document, expandedDepth: level) }
        case .copyRequested(let target): return copy(target, state, context)
        case .wrapToggled: return toggleWrap(&state, context)
        case .scrolledSideways(let step): return scrollSideways(step, &state, context)
        case .valueOpened: return openValue(state, context)
        case .tabStepped(let step):
            let count = ResponseTab.allCases.count
            state.show(ResponseTab(rawValue: ((state.tab.rawValue + step) % count + count) % count) ?? .body)
            return .none
        case .tabSelected(let tab):
            state.show(tab)
            return .none
        case .contentClicked(let row): return click(row: row, &state, context)
        case .clockTicked(let now):
            state.now = now
            // A send's wait is counted from the first tick that saw it in flight (a tick is 100 ms).
            for (id, exchange) in state.exchanges where exchange.isInFlight && exchange.started == nil {
                state.exchanges[id]?.started = now
            }
            return .none
        case .recordedResponseChosen(let entry, let id):
            // Shown by the root once the request is open (``State/showRecorded(for:keyMap:)``).
            if state.exchanges[id]?.isInFlight != true {
                state.exchanges[id] = nil
                state.recorded[id] = entry
            }
            return .none
        case .exchangeForgotten(let id):
            state.exchanges[id] = nil
            return .none
        case .requestsRelocated(let from, let to):
            let relocation = Relocation(from: from, to: to)
            for (id, exchange) in state.exchanges {
                guard let target = relocation.moved(id) else { continue }
                state.exchanges[id] = nil
                state.exchanges[target] = exchange
            }
            return .none
        case .requestsTrashed(let path):
            for id in state.exchanges.keys where Workspace.path(id.path, isInside: path) { state.exchanges[id] = nil }
            return .none
        case .sendRequested: return send(&state, context)
        case .sendAsWrittenRequested: return send(&state, context, bodyAsWritten: true)
        case .sendAnswered(let answers, let id, let asWritten):
            // The form was for the request open when it was asked; another open since is not sent with its answers.
            guard context.openRequest == id else {
                return .report(.error("Not sent: \(id) is no longer the open request."))
            }
            return send(&state, context, bodyAsWritten: asWritten, answers: answers)
        case .cancelRequested: return cancel(&state, context)
        case .runExchangeShown(let exchange, let id): return show(exchange, of: id, &state)
        case .recordedResponsesLoaded(let loaded):
            state.keep(recorded: loaded)
            return .none
        case .bodySaveRequested: return requestBodySave(state, context)
        case .bodyShowRequested(let viewer): return showBody(in: viewer, state, context)
        case .bodyShowFailed(let failure): return .report(.error(failure.message))
        case .bodySaveTyped(let id, let path, let replacing):
            return saveBody(id, path: path, replacing: replacing, state, context)
        case .bodySaveFinished(let id, let typed, let result):
            return bodySaveFinished(id, typed: typed, result, state)
        }
    }
}

extension ResponseFeature.State {
    /// The exchange shown for `context`'s open request.
    func exchange(in context: ResponseFeature.Context) -> Exchange? {
        context.openRequest.flatMap { exchanges[$0] }
    }

    /// Whether the Body tab shows the live events of `exchange`'s stream (keys go to them).
    func showsLiveEvents(of exchange: Exchange?) -> Bool {
        guard tab == .body, let exchange, exchange.events != nil else { return false }
        if case .empty = exchange.body { return true }
        return false
    }

    /// Whether the Body tab lists a query filter's results for `exchange` (keys move in the list, not the
    /// tree, while the pane is focused).
    func listsFilter(of exchange: Exchange?, focused: Bool) -> Bool {
        focused && tab == .body && exchange?.viewport.filter != nil
    }
}

extension ResponseFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) {
        let content = state.layout.responseContent
        self.init(
            openRequest: state.openRequest, content: content, screen: state.size,
            isFocused: state.panes.focus == .response,
            keyMap: state.keyMap, workspaceRoot: state.workspace.root, stateFolder: state.workspace.stateFolder,
            plan: { AppReducer.openPlan(state) },
            shownColumn: { response in
                var shown = state
                shown.response = response
                return ResponseView(state: shown).shownColumn(in: content)
            })
    }
}
