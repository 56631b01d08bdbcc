import FerryHTTP

/// The cookie jar's view: opening it, its cookies arriving, its keys (moving, deleting one, clearing them all
/// after a question), closing it.
enum CookiesAction: Sendable {
    /// Open the view (F11).
    case requested
    /// The jar's cookies were read (after a delete or clear, as they are now).
    case loaded([Cookie])
    /// Move the selection.
    case cursorMoved(CursorMove)
    /// Ask whether to delete the selected cookie.
    case deleteRequested
    /// Ask whether to clear every cookie.
    case clearRequested
    /// Yes to the question asked.
    case confirmed
    /// Esc or n: back from the question to the list, or close the list.
    case dismissed
}
