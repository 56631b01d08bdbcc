import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

/// Something that happened: a key the user pressed (as what it means), or a result an effect posted back.
enum AppAction: Sendable {
    // MARK: - From the user

    /// Send the open request.
    case sendRequested
    /// Cancel the open request's send (Esc).
    case cancelRequested
    /// Move to the next environment.
    case environmentCycled
    /// Open the environment picker.
    case environmentPickerRequested
    /// An environment was picked.
    case environmentChosen(String)
    /// Save the open request to its file.
    case saveRequested
    /// Quit (asks first when something is unsaved).
    case quitRequested
    /// Quit even though something is unsaved.
    case quitConfirmed
    /// Close the dialog on top.
    case overlayDismissed
    /// Open the help overlay.
    case helpRequested
    /// Open the command palette.
    case paletteRequested
    /// Open the history view.
    case historyRequested
    /// Move the focus to the next (+1) or previous (-1) pane.
    case focusMoved(Int)
    /// Move the cursor or selection in the focused pane or dialog.
    case cursorMoved(CursorMove)
    /// Enter: open a request, toggle a folder or JSON node, run the palette entry, pick the environment.
    case rowActivated
    /// Show the next (+1) or previous (-1) tab of the focused pane.
    case tabSwitched(Int)
    /// Give the keyboard to the tab's editor (Down from the URL on the Body or Headers tab).
    case tabEditingStarted
    /// Take the keyboard back from the tab's editor (Esc).
    case tabEditingEnded
    /// A key, paste or click for the headers table.
    case headersEdited(InputEvent)
    /// A key, paste or click for the body editor.
    case bodyEdited(InputEvent)
    /// Tab inside `{{partial`: complete the variable name with the first candidate.
    case completionAccepted
    /// A key, paste or click for the URL field that no key binding took (word motion, selection, undo…).
    case urlEdited(InputEvent)
    /// Open the body-kind picker.
    case bodyKindPickerRequested
    /// A body kind was picked.
    case bodyKindChosen(BodyKind)
    /// A key, paste or click for the form or multipart fields table.
    case bodyTableEdited(InputEvent)
    /// Pretty-print the JSON body.
    case bodyFormatRequested
    /// Multipart table: turn the selected field into a file field (`< ./path`, editing the path) or back to text.
    case fileFieldToggled
    /// Use the next HTTP method.
    case methodCycled
    /// A printable character was typed.
    case characterTyped(Character)
    /// Backspace was pressed in a text field.
    case backspacePressed
    /// Delete was pressed in a text field.
    case deletePressed
    /// Text was pasted.
    case pasted(String)
    /// `/`: start searching the response body.
    case searchRequested
    /// Jump to the next (+1) or previous (-1) search match.
    case searchStepped(Int)
    /// Start filtering the collection tree.
    case treeFilterRequested
    /// A letter typed in the tree that no key is bound to: it does nothing but say how to filter.
    case unboundTreeLetterTyped(Character)
    /// Take back the last file-changing tree command (`u`).
    case undoRequested
    /// Open the list of the problems found at start-up.
    case problemsRequested
    /// Expand every JSON node.
    case jsonExpandedAll
    /// Collapse every JSON node.
    case jsonCollapsedAll
    /// Expand JSON nodes down to a depth.
    case jsonExpandedToLevel(Int)
    /// Copy the selected JSON node's value.
    case valueCopyRequested
    /// Copy the selected JSON node's path.
    case pathCopyRequested
    /// F4: edit the body in `$EDITOR`.
    case externalEditorRequested
    /// Ctrl-Z: stop the app and give the terminal to the shell until it is continued.
    case suspendRequested
    /// Tree: add a request to the selected file (asks for its name).
    case newRequestRequested
    /// Tree: rename the selected request (asks for the name).
    case renameRequested
    /// Tree: duplicate the selected request.
    case duplicateRequested
    /// Tree: delete the selected request (asks first).
    case deleteRequested
    /// Tree: move the selected request to another file (asks which).
    case moveRequested
    /// Tree: make a folder in the selected folder (asks for its name).
    case newFolderRequested
    /// Yes to the dialog on top (quit, delete).
    case dialogConfirmed
    /// History: mark the selected entry for a diff, or diff it with the marked one.
    case historyMarked
    /// Open the trash view (what was deleted, to restore it).
    case trashRequested
    /// Trash view: delete the selected entry for good (asks first).
    case trashPurgeRequested
    /// Trash view: delete every entry for good (asks first).
    case trashEmptyRequested
    /// Copy the open request, resolved in the active environment, as a curl command (OSC 52).
    case curlCopyRequested
    /// Tree: import a curl command, Postman collection or OpenAPI document (asks for the file).
    case importRequested
    /// A mouse action.
    case mouseUsed(MouseEvent)
    /// A key or mouse event for the picker dialog on top (it reads them itself).
    case dialogEvent(InputEvent)
    /// The terminal changed size.
    case terminalResized(Size)
    /// The spinner's clock ticked.
    case ticked

    // MARK: - From effects

    /// Bytes moved for send `id`, `elapsed` after it started.
    case progressReceived(id: Int, TransferProgress, elapsed: Duration)
    /// The head of streamed send `id` arrived, with the start of its body so far (`preview`).
    case partialReceived(id: Int, head: HTTPResponse, preview: [UInt8])
    /// Streamed send `id` failed or got a retryable status and waits before trying again (`# @retries`).
    case retryWaiting(id: Int, RetryWait)
    /// Streamed send `id` started attempt `attempt` after waiting.
    case retryStarted(id: Int, attempt: Int)
    /// Send `id` ended.
    case responseReceived(id: Int, Result<HTTPResponse, HTTPClientError>)
    /// Streamed send `id` ended: complete, canceled or failed, with the body bytes that arrived.
    case transferEnded(id: Int, TransferEnd)
    /// Send `id` was prepared (variables substituted): what goes on the wire, for the Request tab.
    case sendPrepared(id: Int, PreparedSend)
    /// Send `id` could not be prepared: why, in words.
    case sendFailed(id: Int, String)
    /// The body of send `id` is ready to show.
    case bodyPrepared(id: Int, ResponseBody)
    /// A save of `request` ended: the workspace as saved, or the problem in words.
    case saveFinished(RequestID, SavedRequest, Result<Workspace, SaveFailure>)
    /// A workspace change ended: the workspace as it now is and the request to select, or the problem.
    case workspaceChanged(Result<Workspace, SaveFailure>, select: RequestID?)
    /// A file or folder change ended: the workspace as it now is, the item's path before and after
    /// (`nil` after a delete; `copied` when it was duplicated rather than moved), or the problem.
    case workspaceItemChanged(Result<Workspace, SaveFailure>, from: String, to: String?, copied: Bool)
    /// The history was read, with where each entry's request lives now.
    case historyLoaded([HistoryEntry], HistoryTargets)
    /// The trash was listed, most recent first.
    case trashLoaded([TrashRow])
    /// Restoring `entry` from the trash ended: the workspace as it now is with the drafts that came back with
    /// it, or the problem in words (nothing was changed).
    case trashRestored(TrashEntry, Result<RestoredItem, SaveFailure>)
    /// Deleting `entries` from the trash for good ended: how many were deleted, or the problem in words.
    case trashPurged([TrashEntry], Result<Int, SaveFailure>)
    /// `$EDITOR` returned the body (`nil` when it failed, with the reason).
    case externalEditFinished(RequestID, Result<String, SaveFailure>)
    /// Copying to the clipboard failed (the text is too large for OSC 52).
    case copyFailed(SaveFailure)
    /// The files a request's body includes (`< ./path`) were read for copying it as curl, by path as written.
    case includedFilesRead(RequestID, Result<[String: Data], SaveFailure>)
    /// An import ended: the workspace with the new files and what was written, or the problem in words.
    case importFinished(Result<ImportedFiles, SaveFailure>)
    /// An undo ended: what was undone and the workspace as it is now, or why nothing was undone.
    case undoFinished(Result<UndoneChange, SaveFailure>)

    /// Whether the action was posted by an effect (not typed by the user).
    var isEffectResult: Bool {
        switch self {
        case .transferEnded, .sendPrepared, .sendFailed:
            true
        case .progressReceived, .partialReceived, .responseReceived, .bodyPrepared, .saveFinished, .historyLoaded,
            .workspaceChanged,
            .externalEditFinished, .workspaceItemChanged, .copyFailed, .includedFilesRead, .retryWaiting, .retryStarted,
            .trashLoaded, .trashRestored, .trashPurged, .importFinished, .undoFinished:
            true
        default: false
        }
    }
}

/// A cursor movement in a list, a tree or a text field.
enum CursorMove: Sendable, Hashable {
    case up, down, left, right, pageUp, pageDown, home, end
}

/// What a restore from the trash brought back.
struct RestoredItem: Sendable {
    /// The workspace with the item back.
    var workspace: Workspace
    /// The unsaved drafts that were kept in the trash with it, by request id.
    var drafts: [RequestID: SavedRequest]
}

/// Why a file operation failed, in words.
struct SaveFailure: Error, Sendable, Hashable {
    /// What went wrong and what to do.
    var message: String
}
