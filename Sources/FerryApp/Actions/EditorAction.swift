import FerryTerminal
import FerryWorkbench
import Foundation

/// What happened in the request editor, or to an editing effect it started.
enum EditorAction: Sendable {
    /// Move the URL field's cursor (Down on the Body or a table's tab gives the keyboard to the tab's editor).
    case cursorMoved(CursorMove)
    /// Save the open request to its file.
    case saveRequested
    /// Throw away the open request's unsaved edits (asks first, naming what goes).
    case discardRequested
    /// The request was deleted: its draft goes from the editor (its file moves into the trash with it).
    case draftForgotten(RequestID)
    /// This request opens in the editor: the URL field takes the keyboard, with the request's URL and no undo
    /// history.
    case requestOpened(RequestID)
    /// The session holds a new workspace: the open request follows a move (`nil`: nothing moved) and closes
    /// when it is gone; the URL field shows its URL as it now is.
    case workspaceAdopted(Relocation?)
    /// A save of this request ended: its draft goes when it is what was written.
    case saved(RequestID, SavedRequest)
    /// A file or folder moved: the drafts of the requests inside it follow them.
    case requestsRelocated(from: String, to: String)
    /// A file or folder went to the trash: the drafts of the requests inside it went with it.
    case requestsTrashed(under: String)
    /// Drafts came back from the trash with their requests: those that differ from their file are unsaved
    /// edits again.
    case draftsRestored([RequestID: SavedRequest])
    /// Files changed on disk under drafts, sorted by how.
    case reloadSorted(ReloadSorting)
    /// Yes to the discard question: the draft of this request goes.
    case discardConfirmed(RequestID)
    /// The reload question's answer for this request: its edits stay (`keepsEdits`), or its file's version
    /// takes their place.
    case reloadAnswered(RequestID, keepsEdits: Bool)
    /// Show the next (+1) or previous (-1) tab; the URL field takes the keyboard.
    case tabStepped(Int)
    /// Show this tab (a click on its name).
    case tabSelected(EditorTab)
    /// Esc on a selection in the URL field: the selection goes, the cursor stays.
    case selectionCleared
    /// Open the method picker.
    case methodCycled
    /// Give the keyboard to the tab's editor (Down from the URL on the Body or Headers tab).
    case tabEditingStarted
    /// Take the keyboard back from the tab's editor (Esc).
    case tabEditingEnded
    /// A key, paste or click for the headers table.
    case headersEdited(InputEvent)
    /// A key, paste or click for the body editor.
    case bodyEdited(InputEvent)
    /// A key, paste or click for the form or multipart fields table.
    case bodyTableEdited(InputEvent)
    /// A key, paste or click for the query-parameter table.
    case paramsEdited(InputEvent)
    /// A table command's key (``AppCommand/tableKey``) for whichever table has the keyboard.
    case tableKeyPressed(KeyEvent)
    /// Tab inside `{{partial`: complete the variable name with the first candidate.
    case completionAccepted
    /// A key, paste or click for the URL field that no key binding took (word motion, selection, undo…).
    case urlEdited(InputEvent)
    /// Text was typed or pasted into the URL field.
    case textTyped(String)
    /// Backspace (`backwards`) or Delete in the URL field.
    case erased(backwards: Bool)
    /// Open the body-kind picker.
    case bodyKindPickerRequested
    /// Pretty-print the JSON body.
    case bodyFormatRequested
    /// Multipart table: turn the selected field into a file field (`< ./path`, editing the path) or back to text.
    case fileFieldToggled
    /// F4: edit the body in `$EDITOR`.
    case externalEditorRequested
    /// F4 in the editor: edit the open request's first script in `$EDITOR` at its line (on the Body tab, or
    /// for a request without scripts, the body as before).
    case scriptEditRequested
    /// `$EDITOR` returned the body, or the reason it failed.
    case externalEditFinished(RequestID, Result<String, SaveFailure>)
    /// A curl command was pasted into the URL field: it becomes the open request (a draft).
    case curlPasted(String)
    /// Copy the open request, resolved in the active environment, as a curl command (OSC 52).
    case curlCopyRequested
    /// Open what the `run` lines above the open request (else its file's other `import` / `run` lines) name.
    case definitionRequested
    /// The curl command for a request was made (``CurlCopy``), or why it could not be.
    case curlCommandMade(RequestID, Result<CurlCopy, SaveFailure>)
    /// Open the picker of the languages the request can be copied as.
    case codeLanguagePickerRequested
    /// Copy the open request, resolved in the active environment, as code in this language (OSC 52).
    case codeCopyRequested(CodeLanguage)
    /// The `# @prompt` form's answers for a copy of this request (``PromptPurpose/copy(_:_:)``).
    case copyAnswered(RequestCopy, PromptedValues, to: RequestID)
    /// The code for a request was made, or why it could not be.
    case codeMade(RequestID, CodeLanguage, Result<CodeSnippet, SaveFailure>)
    /// The method picker chose `method` (shown again, `picker`, when it is no method).
    case methodChosen(String, picker: PickerDialogState<PickerChoice<String>>)
    /// The Auth tab's picker chose.
    case authChosen(AuthChoice)
    /// The Options tab's picker chose.
    case optionChosen(OptionChoice)
    /// The body-kind picker chose.
    case bodyKindChosen(BodyKind)
    /// A value was typed into one of the editor's prompts (auth, timeout, retries, a body file's path).
    case promptAnswered(NamePurpose, String)
}
