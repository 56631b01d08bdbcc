import FerryWorkbench

/// How the root takes in a workspace the session changed (``RootRequest/adopt(_:)``): the tree shows its files
/// again, the open request follows a move or goes when it is gone, what was asked for opens or is selected, and
/// the first request opens when none is.
struct WorkspaceAdoption: Sendable, Equatable {
    /// A file or folder that moved: the open request and the folders collapsed inside it follow it.
    var relocated: Relocation?
    /// The request to open.
    var open: RequestID?
    /// The pane that takes the keyboard once ``open`` is open (`nil`: the focus stays).
    var focus: Pane?
    /// The file or folder to select in the tree.
    var selectItem: String?
}

/// A file or folder's path before and after a rename or move.
struct Relocation: Sendable, Equatable {
    /// The path before.
    var from: String
    /// The path after.
    var to: String

    /// Where `id` is after the move (`nil`: it was not inside what moved).
    func moved(_ id: RequestID) -> RequestID? {
        Workspace.path(id.path, relocatedFrom: from, to: to).map { RequestID(path: $0, selector: id.selector) }
    }
}

/// What a reload means for the drafts: each draft whose request changed on disk, sorted by how.
struct ReloadSorting: Sendable, Equatable {
    /// Drafts that now match their file: they go.
    var matching: [RequestID] = []
    /// Drafts whose request was removed: off the state, still on disk (they come back if the request does).
    var removed: [RequestID] = []
    /// Drafts whose request changed under them: the user chooses (the reload question).
    var conflicting: [RequestID] = []

    /// Sorts `drafts` by how their requests changed from `before` to `after`; drafts of unchanged requests
    /// are in no list.
    init(drafts: [RequestID: SavedRequest], before: Workspace, after: Workspace) {
        for (id, draft) in drafts.sorted(by: { $0.key < $1.key }) {
            let theirs = AppState.savedRequest(id, in: after)
            guard theirs != AppState.savedRequest(id, in: before) else { continue }
            if theirs == draft {
                matching.append(id)
            } else if theirs == nil {
                removed.append(id)
            } else {
                conflicting.append(id)
            }
        }
    }
}
