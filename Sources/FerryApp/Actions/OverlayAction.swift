import FerryHTTP
import FerryTerminal
import FerryWorkbench

/// What happened to the dialog on top, or to the history and trash views.
enum OverlayAction: Sendable {
    /// Move the cursor or scroll of the dialog on top.
    case cursorMoved(CursorMove)
    /// Enter in the dialog on top: its row's action, or close it.
    case rowActivated
    /// Close the dialog on top.
    case dismissed
    /// Yes to the dialog on top (quit, delete).
    case confirmed
    /// A key or mouse event for the picker dialog on top (it reads them itself).
    case dialogEvent(InputEvent)
    /// A dialog that is no feature of its own: its cursor or its query.
    case dialogs(DialogsAction)
    /// The name prompt was answered with this text, for this purpose.
    case promptAnswered(NamePurpose, String)
    /// The history view.
    case history(HistoryAction)
    /// The trash view.
    case trash(TrashAction)
    /// The variables view.
    case variables(VariablesAction)
    /// Something in the cookie jar's view.
    case cookies(CookiesAction)
    /// An answer to the trust question, or its scrolling.
    case trust(TrustAction)
    /// The question a file changed under unsaved edits asks.
    case reload(ReloadAction)
    /// The theme picker (a live preview).
    case themes(ThemesAction)
    /// Sign-in: its view, a device code, a passphrase.
    case signIn(SignInAction)
    /// The `# @prompt` form.
    case prompts(PromptsAction)
}

/// The history view: opening it, its entries arriving, its keys (moving, searching, marking for a diff,
/// opening or sending an entry's request, closing the diff or the view).
enum HistoryAction: Sendable {
    /// Open the history view.
    case requested
    /// The history was read, with where each entry's request lives now.
    case loaded([HistoryEntry], HistoryTargets)
    /// Move the selection (or scroll the diff).
    case cursorMoved(CursorMove)
    /// The search is now this text.
    case queryChanged(String)
    /// Mark the selected entry for a diff, or diff it with the marked one.
    case marked
    /// Enter: open the selected entry's request (with the response it recorded); on a diff, back to the list.
    case rowActivated
    /// Ctrl-R: open the selected entry's request and send it again.
    case sendAgainRequested
    /// Esc: close the diff, else the view.
    case dismissed
}

/// The trash view (what was deleted, to restore it or delete it for good).
enum TrashAction: Sendable {
    /// Open the trash view.
    case requested
    /// The trash was listed, most recent first.
    case loaded([TrashRow])
    /// Move the selection.
    case cursorMoved(CursorMove)
    /// Enter: restore the selected entry where it was (the file queue refuses to overwrite anything).
    case restoreRequested
    /// Yes to the question asked over the list.
    case confirmed
    /// Esc or n: back from a question to the list, or close the list.
    case dismissed
    /// Delete the selected entry for good (asks first).
    case purgeRequested
    /// Delete every entry for good (asks first).
    case emptyRequested
    /// Deleting `entries` for good ended: how many were deleted, or the problem in words.
    case purged([TrashEntry], Result<Int, SaveFailure>)
}

/// What a restore from the trash brought back.
struct RestoredItem: Sendable {
    /// The workspace with the item back.
    var workspace: Workspace
    /// The unsaved drafts that were kept in the trash with it, by request id.
    var drafts: [RequestID: SavedRequest]
}
