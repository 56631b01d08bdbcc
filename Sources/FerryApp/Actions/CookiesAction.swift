import FerryHTTP

/// The cookie jar's view: opening it, its cookies arriving, deleting one, clearing them all.
enum CookiesAction: Sendable {
    /// Open the view (F11).
    case requested
    /// The jar's cookies were read (after a delete or clear, as they are now).
    case loaded([Cookie])
    /// Delete the selected cookie.
    case deleteRequested
    /// Clear every cookie.
    case clearRequested
}
