import FerryTerminal

/// The cursor keys in the read-only dialogs (the keys' help, the problems, the run view, a value opened whole):
/// they scroll or move the selection of the dialog on top, within what it lists. The dialogs that are features
/// of their own take their keys as their own actions (``InputRouter``).
enum DialogScrolling {
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

    /// Moves the cursor of the dialog on top by `move`.
    static func reduce(_ move: CursorMove, _ overlay: inout Overlay?, _ context: Context) -> FeatureOutput {
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
        case .cookies, .trash, .trust, .history, .variables, .reloadConflict:
            // These features' keys reach them as their own actions (InputRouter.scopedToDialog).
            break
        }
        return .none
    }
}

extension DialogScrolling.Context {
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
