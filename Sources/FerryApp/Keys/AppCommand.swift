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

    /// The action the command stands for.
    var action: AppAction {
        switch self {
        case .send: .sendRequested
        case .cancel: .cancelRequested
        case .save: .saveRequested
        case .cycleMethod: .methodCycled
        case .editBody: .externalEditorRequested
        case .nextEnvironment: .environmentCycled
        case .pickEnvironment: .environmentPickerRequested
        case .history: .historyRequested
        case .help: .helpRequested
        case .palette: .paletteRequested
        case .quit: .quitRequested
        case .nextPane: .focusMoved(1)
        case .previousPane: .focusMoved(-1)
        case .nextTab: .tabSwitched(1)
        case .previousTab: .tabSwitched(-1)
        case .up: .cursorMoved(.up)
        case .down: .cursorMoved(.down)
        case .left: .cursorMoved(.left)
        case .right: .cursorMoved(.right)
        case .pageUp: .cursorMoved(.pageUp)
        case .pageDown: .cursorMoved(.pageDown)
        case .home: .cursorMoved(.home)
        case .end: .cursorMoved(.end)
        case .activate: .rowActivated
        case .search: .searchRequested
        case .nextMatch: .searchStepped(1)
        case .previousMatch: .searchStepped(-1)
        case .expandAll: .jsonExpandedAll
        case .collapseAll: .jsonCollapsedAll
        case .copyValue: .valueCopyRequested
        case .copyPath: .pathCopyRequested
        case .filterTree: .treeFilterRequested
        case .dismiss: .overlayDismissed
        case .confirm: .quitConfirmed
        case .backspace: .backspacePressed
        case .delete: .deletePressed
        case .mark: .historyMarked
        case .newRequest: .newRequestRequested
        case .rename: .renameRequested
        case .duplicate: .duplicateRequested
        case .deleteRequest: .deleteRequested
        case .move: .moveRequested
        case .newFolder: .newFolderRequested
        case .yes: .dialogConfirmed
        case .editBodyHere: .tabEditingStarted
        case .leaveBody: .tabEditingEnded
        case .complete: .completionAccepted
        case .suspend: .suspendRequested
        case .pickBodyKind: .bodyKindPickerRequested
        case .formatBody: .bodyFormatRequested
        case .toggleFileField: .fileFieldToggled
        case .trash: .trashRequested
        case .purgeTrashEntry: .trashPurgeRequested
        case .emptyTrash: .trashEmptyRequested
        case .copyAsCurl: .curlCopyRequested
        case .importFile: .importRequested
        case .undo: .undoRequested
        case .problems: .problemsRequested
        }
    }

    /// Whether the palette lists the command (movement and text keys are left out).
    var isInPalette: Bool {
        switch self {
        case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .delete, .dismiss, .confirm,
            .activate, .mark, .yes, .editBodyHere, .leaveBody, .complete, .toggleFileField, .purgeTrashEntry,
            .emptyTrash:
            false
        default: true
        }
    }
}
