import FerryTerminal
import FerryWorkbench
import Foundation

/// The dialog on top: help, command palette, environment picker, quit confirmation, prompts, history.
///
/// Help, the quit confirmation, the palette and the environment picker are the widgets' `HelpOverlay`,
/// `ConfirmDialog` and `PickerDialog`; prompts and history are drawn with `Block` lines from `AppState`.
struct OverlayView: CursorWidget {
    /// The state to draw.
    let state: AppState

    /// The size of the response filter prompt.
    static let searchSize = Size(width: 56, height: 3)
    /// The size of the tree filter prompt.
    static let treeFilterSize = Size(width: 50, height: 3)

    /// The size of the history list on a screen `area`.
    static func historySize(in area: Rect) -> Size { Size(width: area.width - 6, height: area.height - 4) }

    /// Draws the dialog.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard let overlay = state.overlay else { return }
        let theme = state.theme
        switch overlay {
        case .help(let scroll, let query):
            let search = Self.helpSearchTitle(query)
            HelpOverlay(
                entries: Self.helpBindings(in: state, matching: query).map {
                    HelpOverlay.Entry(key: $0.key.displayName, help: $0.help, context: $0.context)
                }, title: "Help — keys in the \(state.panes.focus.keyContext) pane (\(search); Esc closes)",
                scroll: scroll,
                style: theme[.background], borderStyle: theme[.focusedBorder], keyStyle: theme[.accent]
            ).render(into: &buffer, area: area)
        case .palette(let picker):
            pickerDialog(picker).render(into: &buffer, area: area)
        case .environmentPicker(let picker), .methodPicker(let picker):
            pickerDialog(picker).render(into: &buffer, area: area)
        case .themePicker(let view):
            pickerDialog(view.picker).render(into: &buffer, area: area)
        case .authPicker(let picker):
            pickerDialog(picker).render(into: &buffer, area: area)
        case .optionsPicker(let picker):
            pickerDialog(picker).render(into: &buffer, area: area)
        case .bodyKindPicker(let picker):
            pickerDialog(picker).render(into: &buffer, area: area)
        case .variableFilePicker(let picker):
            pickerDialog(picker).render(into: &buffer, area: area)
        case .confirmQuit:
            let count = state.editor.drafts.count
            let message =
                "\(count) request\(count == 1 ? " has" : "s have") unsaved edits (kept as drafts in "
                + ".ferry/drafts). Quit? y quits, n or Esc stays."
            renderQuestion(
                "Quit?", message, confirmLabel: "Quit (y)", cancelLabel: "Stay (n)", into: &buffer, area: area)
        case .namePrompt(_, let prompt):
            promptDialog(prompt).render(into: &buffer, area: area)
        case .confirmDelete(let id):
            let message =
                state.isUnsaved(id)
                ? "Move \(id) and its unsaved edits to the trash (.ferry/trash; F9 restores both)? "
                    + "y deletes, n keeps it."
                : "Move \(id) to the trash (.ferry/trash)? y deletes, n keeps it."
            renderQuestion("Delete?", message, into: &buffer, area: area)
        case .confirmDeleteItem(let path, let requests, let unsaved):
            let message = AppReducer.deleteQuestion(
                path: path, requests: requests, unsaved: unsaved, isFolder: state.workspace.isFolder(path))
            renderQuestion("Delete?", message, into: &buffer, area: area)
        case .search(let text):
            dialog(
                "Filter: .query, $.path or text (Enter runs, Esc closes)",
                lines: [Line("/" + text, style: theme[.accent])],
                scroll: 0, selected: nil, size: Self.searchSize, into: &buffer, area: area)
        case .treeFilter(let text):
            dialog(
                "Filter requests (Enter keeps, Esc closes)", lines: [Line("/" + text, style: theme[.accent])],
                scroll: 0, selected: nil, size: Self.treeFilterSize, into: &buffer, area: area)
        case .history(let view):
            renderHistory(view, into: &buffer, area: area)
        case .overlayHelp(let under, let scroll, let query):
            renderOverlayHelp(under: under, scroll: scroll, query: query, into: &buffer, area: area)
        case .trash(let view):
            renderTrash(view, into: &buffer, area: area)
        case .trust(let question):
            renderTrust(question, into: &buffer, area: area)
        case .signIn(let dialog):
            renderSignIn(dialog, into: &buffer, area: area)
        case .promptForm(let form):
            renderPromptForm(form, into: &buffer, area: area)
        case .confirmDiscard(let id, let lost):
            renderQuestion(
                "Discard your changes?", EditorFeature.discardQuestion(id, lost: lost), into: &buffer, area: area)
        case .run(let selection):
            if let run = state.run {
                RunResultsView(run: run, selection: selection, theme: theme).render(into: &buffer, area: area)
            }
        case .variables(let view):
            VariablesView(rows: view.rows, scroll: view.selection, environment: state.environment, theme: theme).render(
                into: &buffer, area: area)
        case .valueDetail(let title, let rows, let scroll):
            dialog(
                title, lines: rows.map { Line($0, style: theme[.text]) }, scroll: scroll, selected: nil,
                size: ResponseFeature.valueDetailSize(in: area.size), into: &buffer, area: area)
        case .problems(let scroll):
            let width = max(20, area.width - 8)
            let startUp =
                state.problems.isEmpty
                ? [Line("Nothing was found wrong at start-up.", style: theme[.muted])]
                : state.problems.flatMap { problem in
                    Paragraph.wrapped(Line(problem.description, style: theme[.error]), width: width)
                }
            // The session's messages, newest first and whole (the status bar cuts a long one to its row).
            let session =
                state.messageLog.isEmpty
                ? []
                : [Line(""), Line("Messages this session, newest first:", style: theme[.muted])]
                    + state.messageLog.reversed().flatMap { message in
                        Paragraph.wrapped(
                            Line(message.text, style: message.isError ? theme[.error] : theme[.text]), width: width)
                    }
            let lines = Array((startUp + session).dropFirst(scroll))
            let count = state.problems.count
            dialog(
                "\(count == 1 ? "1 problem" : "\(count) problems") at start-up; the rest loaded (Esc closes)",
                lines: lines, scroll: 0, selected: nil, size: Size(width: width + 2, height: area.height - 2),
                into: &buffer, area: area)
        case .cookies(let view):
            CookiesView(cookies: view.cookies, selection: view.selection, theme: theme).render(
                into: &buffer, area: area)
            switch view.question {
            case .delete(let cookie)?:
                renderQuestion(
                    "Delete the cookie?", CookiesFeature.deleteQuestion(cookie), confirmLabel: "Delete (y)",
                    cancelLabel: "Keep (n)", into: &buffer, area: area)
            case .clearAll?:
                renderQuestion(
                    "Clear the cookies?", CookiesFeature.clearQuestion(count: view.cookies.count),
                    confirmLabel: "Clear (y)", cancelLabel: "Keep (n)", into: &buffer, area: area)
            case nil:
                break
            }
        case .reloadConflict(let question):
            if let diff = question.diff {
                renderReloadDiff(diff, of: question.id, scroll: question.scroll, into: &buffer, area: area)
            } else {
                pickerDialog(question.picker).render(into: &buffer, area: area)
            }
        }
    }

    /// Where the text cursor goes, when the dialog has a text field.
    func cursorPosition(in area: Rect) -> Position? {
        guard let overlay = state.overlay else { return nil }
        switch overlay {
        case .palette(let picker):
            return pickerDialog(picker).cursorPosition(in: area)
        case .environmentPicker(let picker), .methodPicker(let picker):
            return pickerDialog(picker).cursorPosition(in: area)
        case .themePicker(let view):
            return pickerDialog(view.picker).cursorPosition(in: area)
        case .authPicker(let picker):
            return pickerDialog(picker).cursorPosition(in: area)
        case .optionsPicker(let picker):
            return pickerDialog(picker).cursorPosition(in: area)
        case .bodyKindPicker(let picker):
            return pickerDialog(picker).cursorPosition(in: area)
        case .variableFilePicker(let picker):
            return pickerDialog(picker).cursorPosition(in: area)
        case .namePrompt(_, let prompt):
            return promptDialog(prompt).cursorPosition(in: area)
        case .reloadConflict(let question):
            return question.diff == nil ? pickerDialog(question.picker).cursorPosition(in: area) : nil
        case .search(let text):
            let rect = Self.dialogRect(Self.searchSize, in: area)
            return Position(x: rect.x + 2 + text.count, y: rect.y + 1)
        case .treeFilter(let text):
            let rect = Self.dialogRect(Self.treeFilterSize, in: area)
            return Position(x: rect.x + 2 + text.count, y: rect.y + 1)
        case .history(let view):
            guard view.diff == nil else { return nil }
            let rect = Self.dialogRect(Self.historySize(in: area), in: area)
            return Position(x: rect.x + 9 + view.query.count, y: rect.y + 1)
        case .help, .confirmQuit, .confirmDelete, .confirmDiscard, .confirmDeleteItem, .trash, .problems,
            .overlayHelp, .run, .variables, .valueDetail,
            .cookies, .trust:
            return nil
        case .signIn(let shown):
            guard case .passphrase(let question) = shown else { return nil }
            return passphraseCursor(question, in: area)
        case .promptForm(let form):
            return promptFormCursor(form, in: area)
        }
    }

    /// A picker (the palette, or the environment, method, auth, options or body-kind picker) in the overlay's
    /// colours.
    func pickerDialog<Row: ListRow>(_ picker: PickerDialogState<Row>) -> PickerDialog<Row> {
        let theme = state.theme
        return PickerDialog(
            state: picker, style: theme[.background], borderStyle: theme[.focusedBorder],
            selectedStyle: theme[.selection], matchStyle: theme[.accent].adding(.bold))
    }

    /// A name prompt in the overlay's colours.
    func promptDialog(_ prompt: PromptDialogState) -> PromptDialog {
        PromptDialog(state: prompt, style: state.theme[.background], borderStyle: state.theme[.focusedBorder])
    }

    /// Draws a yes/no question (y confirms, n or Esc cancels) in the overlay's colours: the quit and delete
    /// confirmations, and the trash's.
    func renderQuestion(
        _ title: String, _ message: String, confirmLabel: String = "Delete (y)", cancelLabel: String = "Keep (n)",
        into buffer: inout ScreenBuffer, area: Rect
    ) {
        let theme = state.theme
        ConfirmDialog(
            state: ConfirmDialogState(
                title: title, message: message, confirmLabel: confirmLabel, cancelLabel: cancelLabel),
            style: theme[.background], borderStyle: theme[.focusedBorder], selectedStyle: theme[.selection]
        ).render(into: &buffer, area: area)
    }

    /// Draws a centred dialog with `lines` (see `dialogRect(_:in:)`).
    func dialog(
        _ title: String, lines: [Line], scroll: Int, selected: Int?, size: Size, into buffer: inout ScreenBuffer,
        area: Rect
    ) {
        let theme = state.theme
        let rect = Self.dialogRect(size, in: area)
        let block = Block(
            title: Line(" \(title) "), borderStyle: theme[.focusedBorder], focusedBorderStyle: theme[.focusedBorder],
            style: theme[.background], isFocused: true)
        block.render(into: &buffer, area: rect)
        let inner = block.inner(rect)
        var top = scroll
        if let selected, selected >= top + inner.height { top = selected - inner.height + 1 }
        for (offset, line) in lines.dropFirst(top).prefix(inner.height).enumerated() {
            let row = inner.rows(inner.y + offset, count: 1)
            if let selected, top + offset == selected {
                line.render(into: &buffer, area: row, highlightedWith: theme[.selection])
            } else {
                line.render(into: &buffer, area: row)
            }
        }
    }

    /// Where a dialog of `size` sits on a screen `area`: centred, at least 10 by 3.
    static func dialogRect(_ size: Size, in area: Rect) -> Rect {
        area.centered(Size(width: max(10, size.width), height: max(3, size.height)))
    }

    /// What a help's title says of its search: how to start one, or what is typed.
    static func helpSearchTitle(_ query: String) -> String {
        query.isEmpty ? "type to search" : "search: \(SafeText.sanitized(query))▏"
    }

    /// The global keys first (what works everywhere), then the pane's own.
    static func helpOrder(_ bindings: [KeyBinding]) -> [KeyBinding] {
        bindings.filter { $0.context == KeyMap.global } + bindings.filter { $0.context != KeyMap.global }
    }

    /// The keys the help lists in `state`: the focused pane's and the global ones, in ``helpOrder(_:)``, only
    /// those whose key or words hold `query` (case-insensitive; all of them for an empty query).
    static func helpBindings(in state: AppState, matching query: String) -> [KeyBinding] {
        helpOrder(state.keyMap.activeBindings(in: state.paneKeyContexts)).filter {
            AppReducer.helpEntry($0, matches: query)
        }
    }

    /// A request's name in a history row: 16 columns, `…` where it is cut.
    static func historyName(_ name: String) -> String {
        name.count > 16 ? name.prefix(15) + "…" : name.padding(toLength: 16, withPad: " ", startingAt: 0)
    }

    /// `12:03:05`, the time of day of `date`.
    static func clock(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) % 86_400
        return String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }
}
