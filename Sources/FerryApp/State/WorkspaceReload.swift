import FerryWorkbench

/// The workspace read again after files changed outside Ferry, or after Ferry edited an environment file.
struct WorkspaceReload: Sendable {
    /// The workspace as it now is on disk.
    var workspace: Workspace
    /// Its environments, read again.
    var environments: EnvironmentFiles
    /// Its `.env` values, read again.
    var dotenv: [String: String]
    /// The paths that changed (relative to the root), sorted.
    var changed: [String]
    /// What Ferry itself changed ("Added the environment dev to http-client.env.json."), said instead of
    /// "Reloaded from disk"; nil when the change came from outside.
    var note: String? = nil
}

/// What to do with unsaved edits of a request whose file changed on disk.
enum ReloadChoice: Sendable, Equatable {
    /// Keep the edits as a draft (Ctrl-S then writes them over the file's new version).
    case keepMine
    /// Drop the edits and use the file's version.
    case takeTheirs
    /// Show the file's version against the edits, then ask again.
    case showDifference
}
