import FerryTerminal

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
    case importFile = "workspace.import"
    case undo = "workspace.undo"
    case problems = "problems.show"
    case runSelection = "run.selection"
    case cancelRun = "run.cancel"
    case editScript = "request.editScript"
    case variables = "variables.show"
    case toggleWrap = "response.wrap"
    case scrollRight = "response.scrollRight"
    case scrollLeft = "response.scrollLeft"
    case toggleTree = "layout.tree"
    case maximize = "layout.maximize"
    case showValue = "response.showValue"
    case cookies = "cookies.show"
    case deleteCookie = "cookies.delete"
    case clearCookies = "cookies.clear"
    case editVariable = "variables.edit"
    case newEnvironment = "environments.new"
    case saveBody = "body.saveToFile"
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

    /// The action the command stands for.
    var action: AppAction {
        switch self {
        case .send: .app(.sendRequested)
        case .cancel: .app(.cancelRequested)
        case .save: .editor(.saveRequested)
        case .cycleMethod: .editor(.methodCycled)
        case .editBody: .editor(.externalEditorRequested)
        case .nextEnvironment: .app(.environmentCycled)
        case .pickEnvironment: .app(.environmentPickerRequested)
        case .history: .overlay(.history(.requested))
        case .help: .app(.helpRequested)
        case .palette: .app(.paletteRequested)
        case .quit: .app(.quitRequested)
        case .nextPane: .app(.focusMoved(1))
        case .previousPane: .app(.focusMoved(-1))
        case .nextTab: .app(.tabSwitched(1))
        case .previousTab: .app(.tabSwitched(-1))
        case .up: .app(.cursorMoved(.up))
        case .down: .app(.cursorMoved(.down))
        case .left: .app(.cursorMoved(.left))
        case .right: .app(.cursorMoved(.right))
        case .pageUp: .app(.cursorMoved(.pageUp))
        case .pageDown: .app(.cursorMoved(.pageDown))
        case .home: .app(.cursorMoved(.home))
        case .end: .app(.cursorMoved(.end))
        case .activate: .app(.rowActivated)
        case .search: .response(.searchRequested)
        case .nextMatch: .response(.searchStepped(1))
        case .previousMatch: .response(.searchStepped(-1))
        case .expandAll: .response(.jsonExpandedAll)
        case .collapseAll: .response(.jsonCollapsedAll)
        case .copyValue: .response(.copyRequested(.value))
        case .copyPath: .response(.copyRequested(.path))
        case .filterTree: .tree(.filterRequested)
        case .dismiss: .overlay(.dismissed)
        case .confirm: .app(.quitConfirmed)
        case .backspace: .app(.backspacePressed)
        case .delete: .app(.deletePressed)
        case .mark: .overlay(.history(.marked))
        case .newRequest: .tree(.newRequestRequested)
        case .rename: .tree(.itemCommand(.rename))
        case .duplicate: .tree(.itemCommand(.duplicate))
        case .deleteRequest: .tree(.itemCommand(.delete))
        case .move: .tree(.itemCommand(.move))
        case .newFolder: .tree(.newFolderRequested)
        case .yes: .overlay(.confirmed)
        case .editBodyHere: .editor(.tabEditingStarted)
        case .leaveBody: .editor(.tabEditingEnded)
        case .complete: .editor(.completionAccepted)
        case .suspend: .app(.suspendRequested)
        case .pickBodyKind: .editor(.bodyKindPickerRequested)
        case .formatBody: .editor(.bodyFormatRequested)
        case .toggleFileField: .editor(.fileFieldToggled)
        case .trash: .overlay(.trash(.requested))
        case .purgeTrashEntry: .overlay(.trash(.purgeRequested))
        case .emptyTrash: .overlay(.trash(.emptyRequested))
        case .copyAsCurl: .editor(.curlCopyRequested)
        case .importFile: .tree(.importRequested)
        case .undo: .tree(.undoRequested)
        case .problems: .app(.problemsRequested)
        case .runSelection: .run(.requested)
        case .cancelRun: .run(.cancelRequested)
        case .editScript: .editor(.scriptEditRequested)
        case .variables: .overlay(.variablesRequested)
        case .toggleWrap: .response(.wrapToggled)
        case .scrollRight: .response(.scrolledSideways(1))
        case .scrollLeft: .response(.scrolledSideways(-1))
        case .toggleTree: .app(.treeToggled)
        case .maximize: .app(.paneMaximized)
        case .showValue: .response(.valueOpened)
        case .cookies: .overlay(.cookies(.requested))
        case .deleteCookie: .overlay(.cookies(.deleteRequested))
        case .clearCookies: .overlay(.cookies(.clearRequested))
        case .editVariable: .overlay(.variableEditRequested)
        case .newEnvironment: .overlay(.environmentAddRequested)
        case .saveBody: .response(.bodySaveRequested)
        case .pickTheme: .overlay(.themePickerRequested)
        case .revealSecrets: .overlay(.secretsRevealToggled)
        case .addVariable: .overlay(.variableAddRequested)
        case .refreshSchema: .graphQL(.schemaRefreshRequested)
        case .completeQuery: .graphQL(.completionAccepted)
        case .webSocketMessage: .webSocket(.messageRequested)
        case .webSocketClose: .webSocket(.closeRequested)
        case .commandLine: .app(.commandLineRequested)
        case .saveAndQuit: .app(.saveAndQuitRequested)
        case .discardDraft: .editor(.discardRequested)
        case .newFile: .tree(.newFileRequested)
        case .trustWorkspace: .app(.trustRequested)
        case .editCell, .addRow, .deleteRow, .toggleRow, .undoRows:
            .editor(.tableKeyPressed(tableKey ?? KeyEvent(.enter)))
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
            .deleteRequest, .move, .newFolder, .suspend, .pickBodyKind, .formatBody, .trash, .copyAsCurl,
            .importFile, .undo, .problems, .runSelection, .editScript, .variables, .toggleWrap, .scrollRight,
            .scrollLeft, .toggleTree, .maximize, .showValue, .cookies, .newEnvironment,
            .saveBody, .pickTheme, .refreshSchema, .webSocketMessage, .webSocketClose, .discardDraft, .newFile,
            .trustWorkspace:
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
