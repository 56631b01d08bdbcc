import FerryTerminal
import FerryWorkbench

/// The question a file changed on disk under unsaved edits asks, as a feature that owns its presentation: the
/// choice (keep mine, take the file's version, show the difference) and the difference itself, which Esc leaves
/// for the choice again (``Overlay/reloadConflict(_:)``). Its keys reach ``reduce(_:_:_:)`` as
/// ``ReloadAction``s; the drafts and the queue of questions are the editor's, the answers handed on to it as
/// ``EditorAction/reloadAnswered(_:keepsEdits:)``.
enum ReloadFeature {
    /// The open question.
    struct State: Sendable, Equatable {
        /// The request whose file changed.
        var id: RequestID
        /// The three choices, keeping the edits first (Esc keeps them too).
        var picker: PickerDialogState<PickerChoice<ReloadChoice>>
        /// The file's version against the edits, while the difference is shown (`nil`: the choice is).
        var diff: [HistoryDiff.Change]?
        /// The first line of the difference shown.
        var scroll = 0

        /// The question about `id`, with its choices.
        init(asking id: RequestID) {
            self.id = id
            picker = PickerDialogState(
                title: "\(id) changed on disk under your unsaved edits",
                items: [
                    PickerChoice(.keepMine, "Keep my edits (Ctrl-S writes them over the new file)"),
                    PickerChoice(.takeTheirs, "Take the file's version (drop my edits)"),
                    PickerChoice(.showDifference, "Show the difference (file → mine)"),
                ])
        }
    }

    /// What the question reads of the rest of the app.
    struct Context {
        /// The file's version of the request against its edits, line by line.
        var difference: [HistoryDiff.Change]
        /// The screen's size (the picker's widget reads events within it; a page of the difference is most of it).
        var screen: Size
    }

    /// Applies an action to the question (`nil`: none open).
    static func reduce(_ action: ReloadAction, _ question: inout State?, _ context: Context) -> FeatureOutput {
        guard var open = question else { return .none }
        switch action {
        case .dialogEvent(let event):
            guard open.diff == nil else { return .none }
            switch AppReducer.reducePicker(&open.picker, event, screen: context.screen, choice: \.selectedItem) {
            case .open:
                question = open
                return .none
            case .closed:
                question = nil
                return FeatureOutput(requests: [.dispatch(.editor(.reloadAnswered(open.id, keepsEdits: true)))])
            case .chosen(let choice):
                switch choice.value {
                case .keepMine:
                    question = nil
                    return FeatureOutput(requests: [.dispatch(.editor(.reloadAnswered(open.id, keepsEdits: true)))])
                case .takeTheirs:
                    question = nil
                    return FeatureOutput(requests: [.dispatch(.editor(.reloadAnswered(open.id, keepsEdits: false)))])
                case .showDifference:
                    open.diff = context.difference
                    open.scroll = 0
                    question = open
                    return .none
                }
            }
        case .cursorMoved(let move):
            guard let diff = open.diff else { return .none }
            open.scroll = AppReducer.step(open.scroll, move, count: diff.count, page: max(1, context.screen.height - 6))
            question = open
            return .none
        case .dismissed:
            guard open.diff != nil else {
                question = nil
                return FeatureOutput(requests: [.dispatch(.editor(.reloadAnswered(open.id, keepsEdits: true)))])
            }
            // The choice again as it was first asked: a stray Enter then keeps the edits.
            question = State(asking: open.id)
            return .none
        }
    }
}

extension ReloadFeature.Context {
    /// The context in `state` for the question about `id`.
    init(_ state: AppState, about id: RequestID?) {
        let difference = id.map { state.editor.changedLines(of: $0, saved: state.savedRequest) } ?? []
        self.init(difference: difference, screen: state.size)
    }
}

/// The reload question's keys: the choice's widget, and scrolling and leaving the difference.
enum ReloadAction: Sendable {
    /// A key or paste for the choice's widget: it moves, chooses or closes (which keeps the edits).
    case dialogEvent(InputEvent)
    /// Scroll the difference.
    case cursorMoved(CursorMove)
    /// Esc: from the difference back to the choice; on the choice, keep the edits.
    case dismissed
}

extension Overlay {
    /// The reload question's state, when this is it.
    var reloadQuestion: ReloadFeature.State? {
        if case .reloadConflict(let question) = self { return question }
        return nil
    }
}

extension AppState {
    /// The reload question while it is the dialog on top (also under its help), `nil` otherwise: the reload
    /// feature's slice of the state. Setting `nil` closes it.
    var reloadQuestion: ReloadFeature.State? {
        get { presented(\.reloadQuestion) }
        set { present(newValue, extract: \.reloadQuestion, embed: Overlay.reloadConflict) }
    }
}
