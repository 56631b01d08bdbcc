import FerryWorkbench

/// A file operation on the workspace ended.
enum WorkspaceEvent: Sendable {
    /// A save of `request` ended: the workspace as saved, or the problem in words.
    case saveFinished(RequestID, SavedRequest, Result<Workspace, SaveFailure>)
    /// A workspace change ended: the workspace as it now is and the request to select, or the problem.
    case changed(Result<Workspace, SaveFailure>, select: RequestID?)
    /// A file or folder change ended: the workspace as it now is, the item's path before and after
    /// (`nil` after a delete; `copied` when it was duplicated rather than moved), or the problem.
    case itemChanged(Result<Workspace, SaveFailure>, from: String, to: String?, copied: Bool)
    /// An import ended: the workspace with the new files and what was written, or the problem in words.
    case importFinished(Result<ImportedFiles, SaveFailure>)
    /// An undo ended: what was undone and the workspace as it is now, or why nothing was undone.
    case undoFinished(Result<UndoneChange, SaveFailure>)
    /// A restore from the trash ended: the workspace with the item back and the drafts that went with it, or
    /// why it was refused.
    case restored(TrashEntry, Result<RestoredItem, SaveFailure>)
    /// Files changed outside Ferry and the workspace was read again, or could not be.
    case reloaded(Result<WorkspaceReload, SaveFailure>)
    /// The runner ended the piece of file work it had (after posting its results): the next may go.
    case fileWorkEnded
    /// The watcher saw these paths change on disk (empty: it cannot say which).
    case changedOnDisk(Set<String>)
    /// A request file was edited in `$EDITOR`: read the workspace again and open `request`.
    case requestFileEdited(RequestID)
}

/// Why a file operation failed, in words.
struct SaveFailure: Error, Sendable, Hashable {
    /// What went wrong and what to do.
    var message: String
}
