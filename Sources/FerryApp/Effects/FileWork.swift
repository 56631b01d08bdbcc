import FerryWorkbench

/// Work on the workspace's files. The state queues it (``FileQueue``): one piece at a time goes to the runner
/// with the workspace as the state has it then (``Effect/onFiles(_:_:)``), the next only once the runner said
/// the one before ended, so each is done on the workspace every earlier change left.
enum FileWork: Sendable, Equatable {
    /// Write a request to its file (atomically, through the workspace).
    case save(RequestID, SavedRequest)
    /// Change the workspace's files: create, rename, duplicate, move or delete a request, file or folder, or
    /// import a foreign file.
    case change(WorkspaceChange)
    /// Take back this file-changing command (`u`), if every file it touched is still as it left them.
    case undo(WorkspaceUndo)
    /// Change the environment file `file` (relative to the workspace), then read the environments again.
    case editEnvironmentFile(String, EnvironmentFileChange)
    /// Read the workspace again when any of these paths (empty: anything) changed on disk outside Ferry.
    case reloadChanged(Set<String>)
    /// Read the workspace again after a request file was edited in `$EDITOR`, and open this request.
    case reload(selecting: RequestID)
    /// Record in the user's trust store that the workspace is trusted.
    case trust
    /// Record in the user's trust store that the workspace stays in safe mode as its files are now.
    case keepInSafeMode
    /// Read the history log for its view.
    case loadHistory
    /// Read the values `request` (the open one, if any) captures from earlier responses, and the script
    /// globals, for the variables view.
    case loadVariables(WorkspaceRequest?)
    /// Read the history for the last recorded response of each request (followed through moves and renames).
    case loadRecordedResponses
    /// List the trash (`.ferry/trash`) with what each entry holds.
    case loadTrash
    /// Put a trash entry back where it was (never over something that exists there now), with its drafts.
    case restoreFromTrash(TrashEntry)
    /// Delete trash entries for good (each entry's folder, recursively), then say how it went.
    case purgeTrash([TrashEntry])
}

/// The file work asked for and not yet done, in order, and whether a piece is with the runner now.
struct FileQueue: Sendable {
    /// The work waiting, oldest first.
    private(set) var waiting: [FileWork] = []
    /// Whether the runner is doing a piece now (its end is posted as ``WorkspaceEvent/fileWorkEnded``).
    private(set) var isBusy = false

    /// Adds `work` at the end; a read of changed paths joins one already waiting.
    mutating func append(_ work: FileWork) {
        if case .reloadChanged(let paths) = work, let index = waiting.lastIndex(where: \.isReloadOfChanges),
            case .reloadChanged(let earlier) = waiting[index]
        {
            waiting[index] = .reloadChanged(earlier.isEmpty || paths.isEmpty ? [] : earlier.union(paths))
            return
        }
        waiting.append(work)
    }

    /// The next piece to hand to the runner, taken off the queue, unless one is with it already.
    mutating func next() -> FileWork? {
        guard !isBusy, !waiting.isEmpty else { return nil }
        isBusy = true
        return waiting.removeFirst()
    }

    /// Whether no piece is with the runner and none waits.
    var isIdle: Bool { !isBusy && waiting.isEmpty }

    /// The runner ended the piece it had.
    mutating func ended() { isBusy = false }
}

extension FileWork {
    fileprivate var isReloadOfChanges: Bool {
        if case .reloadChanged = self { return true }
        return false
    }
}
