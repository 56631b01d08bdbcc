import FerryTerminal
import FerryWorkbench

/// The named commands of the workbench: what a key map binds, the palette lists and help explains.
enum AppCommand: String, CaseIterable, Sendable {
    case send = "request.send"
    case cancel = "request.cancel"
    case save = "request.save"
    case cycleMethod = "request.method"
    case editBody = "request.editBody"
    case nextEnvironment = "environment.next"
    case pickEnvironment = "environment.pick"
    case history = "history.show"
    case help = "help.show"
    case palette = "palette.show"
    case quit = "app.quit"
    case nextPane = "focus.next"
    case previousPane = "focus.previous"
    case nextTab = "tab.next"
    case previousTab = "tab.previous"
    case up = "cursor.up"
    case down = "cursor.down"
    case left = "cursor.left"
    case right = "cursor.right"
    case pageUp = "cursor.pageUp"
    case pageDown = "cursor.pageDown"
    case home = "cursor.home"
    case end = "cursor.end"
    case activate = "row.activate"
    case search = "body.search"
    case nextMatch = "body.nextMatch"
    case previousMatch = "body.previousMatch"
    case expandAll = "json.expandAll"
    case collapseAll = "json.collapseAll"
    case copyValue = "json.copyValue"
    case copyPath = "json.copyPath"
    case filterTree = "tree.filter"
    case dismiss = "dialog.close"
    case confirm = "dialog.yes"
    case backspace = "text.backspace"
    case delete = "text.delete"
    case mark = "history.mark"
    case newRequest = "tree.newRequest"
    case rename = "tree.rename"
    case duplicate = "tree.duplicate"
    case deleteRequest = "tree.delete"
    case move = "tree.move"
    case newFolder = "tree.newFolder"
    case yes = "dialog.confirm"
    case editBodyHere = "body.edit"
    case leaveBody = "body.leave"
    case complete = "url.complete"
    case suspend = "app.suspend"
    case pickBodyKind = "body.kind"
    case formatBody = "body.format"
    case toggleFileField = "body.fileField"
    case trash = "trash.show"
    case purgeTrashEntry = "trash.purge"
    case emptyTrash = "trash.empty"
    case copyAsCurl = "request.copyCurl"
    case copyAsCode = "request.copyCode"
    case copyAsSwift = "request.copyCode.swift"
    case copyAsSwiftURLSession = "request.copyCode.swift-urlsession"
    case copyAsPython = "request.copyCode.python"
    case copyAsJavaScript = "request.copyCode.javascript"
    case copyAsHTTPie = "request.copyCode.httpie"
    case copyAsGo = "request.copyCode.go"
    case importFile = "workspace.import"
    case undo = "workspace.undo"
    case problems = "problems.show"
    case runSelection = "run.selection"
    case cancelRun = "run.cancel"
    case loadSelection = "run.load"
    case editScript = "request.editScript"
    case variables = "variables.show"
    case toggleWrap = "response.wrap"
    case scrollRight = "response.scrollRight"
    case scrollLeft = "response.scrollLeft"
    case toggleTree = "layout.tree"
    case maximize = "layout.maximize"
    case widenTree = "layout.widenTree"
    case narrowTree = "layout.narrowTree"
    case growEditor = "layout.growEditor"
    case shrinkEditor = "layout.shrinkEditor"
    case showValue = "response.showValue"
    case cookies = "cookies.show"
    case deleteCookie = "cookies.delete"
    case clearCookies = "cookies.clear"
    case editVariable = "variables.edit"
    case newEnvironment = "environments.new"
    case saveBody = "body.saveToFile"
    /// Show the response body in `$PAGER`.
    case showBodyInPager = "body.showInPager"
    /// Show the response body in `$EDITOR`.
    case showBodyInEditor = "body.showInEditor"
    case pickTheme = "theme.pick"
    case revealSecrets = "variables.reveal"
    case addVariable = "variables.add"
    case refreshSchema = "graphql.refreshSchema"
    case completeQuery = "graphql.complete"
    case webSocketMessage = "websocket.message"
    case webSocketClose = "websocket.close"
    case commandLine = "app.commandLine"
    case saveAndQuit = "app.saveAndQuit"
    case editCell = "table.edit"
    case addRow = "table.addRow"
    case deleteRow = "table.deleteRow"
    case toggleRow = "table.toggleRow"
    case undoRows = "table.undo"
    case discardDraft = "request.discard"
    case newFile = "tree.newFile"
    case trustWorkspace = "workspace.trust"
    case sendAsWritten = "request.sendAsWritten"
    case signInView = "auth.show"
    case renewSignIn = "auth.signInAgain"
    case goToDefinition = "request.goToDefinition"

    /// The action the command stands for in `state`: a movement or Enter goes to the feature in charge (the
    /// dialog on top, else the focused pane), and an edit to the text entry that has the keyboard, as
    /// ``InputRouter`` decides; the reducer never asks where the focus is. `nil`: nothing takes it there.
    func action(in state: AppState) -> AppAction? {
        switch meaning {
        case .action(let action): action
        case .navigation(let navigation): InputRouter.route(navigation, in: state)
        case .text(let edit): InputRouter.route(edit, in: state)
        }
    }

    /// An action, a movement whose action depends on what is in charge, or an edit of the text being entered.
    private enum Meaning {
        case action(AppAction)
        case navigation(Navigation)
        case text(TextEdit)
    }

    /// What the command means: an action wherever the focus is, or a movement or Enter for the feature in
    /// charge.
    private var meaning: Meaning {
        switch self {
        case .send: .action(.app(.sendRequested))
        case .sendAsWritten: .action(.app(.sendAsWrittenRequested))
        case .cancel: .action(.app(.cancelRequested))
        case .save: .action(.editor(.saveRequested))
        case .cycleMethod: .action(.editor(.methodCycled))
        case .editBody: .action(.editor(.externalEditorRequested))
        case .nextEnvironment: .action(.session(.environmentCycled))
        case .pickEnvironment: .action(.session(.environmentPickerRequested))
        case .history: .action(.overlay(.history(.requested)))
        case .help: .action(.app(.helpRequested))
        case .palette: .action(.app(.paletteRequested))
        case .quit: .action(.app(.quitRequested))
        case .nextPane: .action(.panes(.focusMoved(1)))
        case .previousPane: .action(.panes(.focusMoved(-1)))
        case .nextTab: .navigation(.tab(1))
        case .previousTab: .navigation(.tab(-1))
        case .up: .navigation(.cursor(.up))
        case .down: .navigation(.cursor(.down))
        case .left: .navigation(.cursor(.left))
        case .right: .navigation(.cursor(.right))
        case .pageUp: .navigation(.cursor(.pageUp))
        case .pageDown: .navigation(.cursor(.pageDown))
        case .home: .navigation(.cursor(.home))
        case .end: .navigation(.cursor(.end))
        case .activate: .navigation(.activate)
        case .search: .action(.response(.searchRequested))
        case .nextMatch: .action(.response(.searchStepped(1)))
        case .previousMatch: .action(.response(.searchStepped(-1)))
        case .expandAll: .action(.response(.jsonExpandedAll))
        case .collapseAll: .action(.response(.jsonCollapsedAll))
        case .copyValue: .action(.response(.copyRequested(.value)))
        case .copyPath: .action(.response(.copyRequested(.path)))
        case .filterTree: .action(.tree(.filterRequested))
        case .dismiss: .action(.overlay(.dismissed))
        case .confirm: .action(.app(.quitConfirmed))
        case .backspace: .text(.erase(backwards: true))
        case .delete: .text(.erase(backwards: false))
        case .mark: .action(.overlay(.history(.marked)))
        case .newRequest: .action(.tree(.newRequestRequested))
        case .rename: .action(.tree(.itemCommand(.rename)))
        case .duplicate: .action(.tree(.itemCommand(.duplicate)))
        case .deleteRequest: .action(.tree(.itemCommand(.delete)))
        case .move: .action(.tree(.itemCommand(.move)))
        case .newFolder: .action(.tree(.newFolderRequested))
        case .yes: .action(.overlay(.confirmed))
        case .editBodyHere: .action(.editor(.tabEditingStarted))
        case .leaveBody: .action(.editor(.tabEditingEnded))
        case .complete: .action(.editor(.completionAccepted))
        case .suspend: .action(.app(.suspendRequested))
        case .pickBodyKind: .action(.editor(.bodyKindPickerRequested))
        case .formatBody: .action(.editor(.bodyFormatRequested))
        case .toggleFileField: .action(.editor(.fileFieldToggled))
        case .trash: .action(.overlay(.trash(.requested)))
        case .purgeTrashEntry: .action(.overlay(.trash(.purgeRequested)))
        case .emptyTrash: .action(.overlay(.trash(.emptyRequested)))
        case .copyAsCurl: .action(.editor(.curlCopyRequested))
        case .copyAsCode: .action(.editor(.codeLanguagePickerRequested))
        case .copyAsSwift: .action(.editor(.codeCopyRequested(.swift)))
        case .copyAsSwiftURLSession: .action(.editor(.codeCopyRequested(.swiftURLSession)))
        case .copyAsPython: .action(.editor(.codeCopyRequested(.python)))
        case .copyAsJavaScript: .action(.editor(.codeCopyRequested(.javascript)))
        case .copyAsHTTPie: .action(.editor(.codeCopyRequested(.httpie)))
        case .copyAsGo: .action(.editor(.codeCopyRequested(.go)))
        case .importFile: .action(.tree(.importRequested))
        case .undo: .action(.undo(.requested))
        case .problems: .action(.app(.problemsRequested))
        case .runSelection: .action(.run(.requested))
        case .cancelRun: .action(.run(.cancelRequested))
        case .loadSelection: .action(.run(.loadRequested))
        case .editScript: .action(.editor(.scriptEditRequested))
        case .variables: .action(.overlay(.variables(.requested)))
        case .toggleWrap: .action(.response(.wrapToggled))
        case .scrollRight: .action(.response(.scrolledSideways(1)))
        case .scrollLeft: .action(.response(.scrolledSideways(-1)))
        case .toggleTree: .action(.panes(.treeToggled))
        case .maximize: .action(.panes(.maximizeToggled))
        case .widenTree: .action(.panes(.treeWidened(1)))
        case .narrowTree: .action(.panes(.treeWidened(-1)))
        case .growEditor: .action(.panes(.editorGrown(1)))
        case .shrinkEditor: .action(.panes(.editorGrown(-1)))
        case .showValue: .action(.response(.valueOpened))
        case .cookies: .action(.overlay(.cookies(.requested)))
        case .deleteCookie: .action(.overlay(.cookies(.deleteRequested)))
        case .clearCookies: .action(.overlay(.cookies(.clearRequested)))
        case .editVariable: .action(.overlay(.variables(.editRequested)))
        case .newEnvironment: .action(.overlay(.variables(.environmentAddRequested)))
        case .saveBody: .action(.response(.bodySaveRequested))
        case .showBodyInPager: .action(.response(.bodyShowRequested(.pager)))
        case .showBodyInEditor: .action(.response(.bodyShowRequested(.editor)))
        case .pickTheme: .action(.overlay(.themes(.requested)))
        case .revealSecrets: .action(.overlay(.variables(.secretsToggled)))
        case .addVariable: .action(.overlay(.variables(.addRequested)))
        case .refreshSchema: .action(.graphQL(.schemaRefreshRequested))
        case .completeQuery: .action(.graphQL(.completionAccepted))
        case .webSocketMessage: .action(.webSocket(.messageRequested))
        case .webSocketClose: .action(.webSocket(.closeRequested))
        case .commandLine: .action(.app(.commandLineRequested))
        case .saveAndQuit: .action(.app(.saveAndQuitRequested))
        case .discardDraft: .action(.editor(.discardRequested))
        case .newFile: .action(.tree(.newFileRequested))
        case .trustWorkspace: .action(.session(.trustRequested))
        case .signInView: .action(.overlay(.signIn(.requested)))
        case .renewSignIn: .action(.overlay(.signIn(.renewRequested)))
        case .goToDefinition: .action(.editor(.definitionRequested))
        case .editCell, .addRow, .deleteRow, .toggleRow, .undoRows:
            .action(.editor(.tableKeyPressed(tableKey ?? KeyEvent(.enter))))
        }
    }

    /// Whether the palette lists the command (movement and text keys are left out).
    var isInPalette: Bool {
        switch self {
        case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .delete, .dismiss, .confirm,
            .activate, .mark, .yes, .editBodyHere, .leaveBody, .complete, .toggleFileField, .purgeTrashEntry,
            .emptyTrash, .cancelRun, .deleteCookie, .clearCookies, .editVariable, .revealSecrets, .addVariable,
            .completeQuery, .commandLine, .saveAndQuit, .editCell, .addRow, .deleteRow, .toggleRow, .undoRows:
            false
        case .send, .cancel, .save, .cycleMethod, .editBody, .nextEnvironment, .pickEnvironment, .history, .help,
            .palette, .quit, .nextPane, .previousPane, .nextTab, .previousTab, .search, .nextMatch, .previousMatch,
            .expandAll, .collapseAll, .copyValue, .copyPath, .filterTree, .newRequest, .rename, .duplicate,
            .deleteRequest, .move, .newFolder, .suspend, .pickBodyKind, .formatBody, .trash, .copyAsCurl, .copyAsCode,
            .copyAsSwift, .copyAsSwiftURLSession, .copyAsPython, .copyAsJavaScript, .copyAsHTTPie, .copyAsGo,
            .importFile, .undo, .problems, .runSelection, .loadSelection, .editScript, .variables, .toggleWrap,
            .scrollRight,
            .scrollLeft, .toggleTree, .maximize, .widenTree, .narrowTree, .growEditor, .shrinkEditor, .showValue,
            .cookies, .newEnvironment,
            .saveBody, .showBodyInPager, .showBodyInEditor, .pickTheme, .refreshSchema, .webSocketMessage,
            .webSocketClose, .discardDraft, .newFile,
            .trustWorkspace, .sendAsWritten, .signInView, .renewSignIn, .goToDefinition:
            true
        }
    }
}

extension AppCommand {
    /// The key the table widget reads for the command, if the widget itself does it: a remapped key in the
    /// `table` context moves, edits, adds, removes, toggles or undoes as the default did.
    var tableKey: KeyEvent? {
        switch self {
        case .up: KeyEvent(.up)
        case .down: KeyEvent(.down)
        case .left: KeyEvent(.left)
        case .right: KeyEvent(.right)
        case .pageUp: KeyEvent(.pageUp)
        case .pageDown: KeyEvent(.pageDown)
        case .home: KeyEvent(.home)
        case .end: KeyEvent(.end)
        case .editCell: KeyEvent(.function(2))
        case .addRow: KeyEvent(.insert)
        case .deleteRow: KeyEvent(.delete)
        case .toggleRow: KeyEvent(.character(" "), modifiers: .control)
        case .undoRows: .control("z")
        default: nil
        }
    }
}

extension AppCommand {
    /// The copy-as-code command for `language`.
    static func copying(as language: CodeLanguage) -> AppCommand {
        switch language {
        case .swift: .copyAsSwift
        case .swiftURLSession: .copyAsSwiftURLSession
        case .python: .copyAsPython
        case .javascript: .copyAsJavaScript
        case .httpie: .copyAsHTTPie
        case .go: .copyAsGo
        }
    }
}
