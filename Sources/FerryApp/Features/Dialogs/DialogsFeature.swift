import FerryTerminal

/// The dialogs that are no feature of their own (the keys' help and its search, the problems, the run view, a
/// value opened whole, the body search's prompt): the cursor keys scroll or move the selection of the one on
/// top, within what it lists, and typing edits its query. The dialogs that are features of their own take
/// their keys as their own actions (``InputRouter``).
enum DialogsFeature {
    /// How much each dialog lists, read off the rest of the app.
    struct Context {
        /// How many rows Page Up and Page Down move.
        var page: Int
        /// How many keys the help lists for a search.
        var helpCount: (String) -> Int
        /// How many keys the help over a dialog lists for a search.
        var overlayHelpCount: (Overlay, String) -> Int
        /// How many lines the problems view has (a generous count: a long problem wraps over several).
        var problemLines: Int
        /// How many rows the run view has.
        var runRows: Int
        /// How many rows a value opened whole shows at once.
        var valueDetailRows: Int
    }

    /// Applies a dialog action to the dialog on top.
    static func reduce(_ action: DialogsAction, _ overlay: inout Overlay?, _ context: Context) -> FeatureOutput {
        switch action {
        case .activated: return activate(&overlay)
        case .confirmed: return confirm(&overlay)
        case .dismissed: return dismiss(&overlay)
        case .moved(let step): move(step, &overlay, context)
        case .queryTyped(let query):
            switch overlay {
            case .search: overlay = .search(query)
            case .help: overlay = .help(scroll: 0, query: query)
            case .overlayHelp(let under, _, _): overlay = .overlayHelp(under: under, scroll: 0, query: query)
            default: break
            }
        }
        return .none
    }

    /// Enter in the dialog on top: runs the search, opens the run's row, or closes the dialog (a help over a
    /// dialog goes back to that dialog).
    private static func activate(_ overlay: inout Overlay?) -> FeatureOutput {
        if overlay.closeHelp() { return .none }
        switch overlay {
        case .search(let text):
            overlay = nil
            return FeatureOutput(requests: [.dispatch(.response(.searchRun(text)))])
        case .run(let selection): return FeatureOutput(requests: [.dispatch(.run(.rowOpened(selection)))])
        case .some: overlay = nil
        case nil: break
        }
        return .none
    }

    /// y on a confirmation: quitting quits; a delete goes to the file queue (the request's draft stays on disk
    /// and moves into the trash with it, its response goes); a discard drops the draft.
    private static func confirm(_ overlay: inout Overlay?) -> FeatureOutput {
        switch overlay {
        case .confirmQuit:
            return FeatureOutput(requests: [.dispatch(.app(.quitConfirmed))])
        case .confirmDelete(let id):
            overlay = nil
            return FeatureOutput(requests: [
                .dispatch(.response(.exchangeForgotten(id))), .dispatch(.editor(.draftForgotten(id))),
                .onFiles(.change(.delete(id))),
            ])
        case .confirmDeleteItem(let path, _, _):
            overlay = nil
            return .onFiles(.change(.deleteItem(path)))
        case .confirmDiscard(let id, _):
            overlay = nil
            return FeatureOutput(requests: [.dispatch(.editor(.discardConfirmed(id)))])
        default:
            return .none
        }
    }

    /// Esc (or n) closes the dialog on top: a help's search is peeled first, a help over a dialog goes back
    /// to that dialog, a search runs what was typed.
    private static func dismiss(_ overlay: inout Overlay?) -> FeatureOutput {
        switch overlay {
        case .help(_, let query) where !query.isEmpty:
            overlay = .help(scroll: 0)
        case .overlayHelp(let under, _, let query) where !query.isEmpty:
            overlay = .overlayHelp(under: under, scroll: 0)
        case .overlayHelp(let under, _, _):
            overlay = under
        case .search(let text):
            overlay = nil
            return FeatureOutput(requests: [.dispatch(.response(.searchRun(text)))])
        default:
            overlay = nil
        }
        return .none
    }

    /// Moves the cursor of the dialog on top by `move`.
    private static func move(_ move: CursorMove, _ overlay: inout Overlay?, _ context: Context) {
        let page = context.page
        switch overlay {
        case .help(let scroll, let query):
            overlay = .help(
                scroll: AppReducer.step(scroll, move, count: context.helpCount(query), page: page), query: query)
        case .overlayHelp(let under, let scroll, let query):
            let count = context.overlayHelpCount(under, query)
            overlay = .overlayHelp(
                under: under, scroll: AppReducer.step(scroll, move, count: count, page: page), query: query)
        case .problems(let scroll):
            overlay = .problems(scroll: AppReducer.step(scroll, move, count: context.problemLines, page: page))
        case .run(let selection):
            overlay = .run(selection: AppReducer.step(selection, move, count: context.runRows, page: page))
        case .valueDetail(let title, let rows, let scroll):
            let shown = context.valueDetailRows
            let last = max(0, rows.count - shown)
            overlay = .valueDetail(
                title: title, rows: rows,
                scroll: min(last, AppReducer.step(scroll, move, count: rows.count, page: shown)))
        case .confirmQuit, .search, .treeFilter, .palette, .environmentPicker, .methodPicker, .authPicker,
            .optionsPicker, .bodyKindPicker, .themePicker, .namePrompt, .confirmDelete, .confirmDiscard,
            .confirmDeleteItem, .variableFilePicker, nil:
            break
        case .cookies, .trash, .trust, .history, .variables, .reloadConflict, .signIn, .promptForm:
            // These features' keys reach them as their own actions (InputRouter.scopedToDialog).
            break
        }
    }
}

/// What happens in a dialog that is no feature of its own.
enum DialogsAction: Sendable {
    /// Enter: the dialog does what it offers, or closes.
    case activated
    /// Esc or n: the dialog's innermost layer closes.
    case dismissed
    /// y: yes to the confirmation on top.
    case confirmed
    /// Move its cursor or scroll it.
    case moved(CursorMove)
    /// Its query (the help's search, the body search's prompt) is now this text.
    case queryTyped(String)
}

extension Overlay? {
    /// Closes a help over a dialog, going back to that dialog as it is (a picker with its filter text and
    /// selection; a feature's view as it changed under the help). Returns whether such help was open.
    mutating func closeHelp() -> Bool {
        guard case .overlayHelp(let under, _, _) = self else { return false }
        self = under
        return true
    }
}

extension DialogsFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) {
        self.init(
            page: max(1, state.size.height - 6),
            helpCount: { OverlayView.helpBindings(in: state, matching: $0).count },
            overlayHelpCount: { AppReducer.overlayHelpBindings(for: $0, in: state.keyMap, matching: $1).count },
            problemLines: (state.problems.map(\.description) + state.messageLog.map(\.text)).reduce(2) {
                $0 + 1 + $1.count / 40
            },
            runRows: state.run?.rows.count ?? 0,
            valueDetailRows: ResponseFeature.valueDetailSize(in: state.size).height - 2)
    }
}
