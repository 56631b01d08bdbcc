import FerryWorkbench

/// What `f` changed in the multipart fields table, so Esc while its path is still being edited takes the
/// whole change back (the field returns to the text it held) instead of leaving `< ./` in the body.
struct FileFieldUndo: Sendable, Hashable {
    /// The request whose body table it was.
    var request: RequestID
    /// The row `f` turned into a file field.
    var row: Int
    /// The row's value before `f`.
    var previousValue: String
    /// The row's value right after `f` (`< ./…`): the undo applies only while the row still holds it.
    var fileValue: String
}
