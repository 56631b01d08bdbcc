import Foundation

/// What a workspace's files may reach outside the workspace. A repository someone else wrote is confined until
/// the user trusts it (``TrustStore``): its `>>` outputs and `<` includes stay inside the workspace.
public enum WorkspaceAccess: Sendable, Hashable {
    /// Outputs and included files must resolve inside the workspace (symlinks followed), to regular files.
    case confined
    /// Any path the user can read or write, as before trust existed.
    case trusted
}

/// Checks that a path a request reads (`< file`) or writes (`>> file`) stays inside a workspace: the path is
/// resolved (its deepest existing folder's symlinks followed), must lie under the workspace's own resolved
/// folder, and what exists there must be a regular file (never a device, a pipe or a folder).
public struct WorkspaceConfinement: Sendable {
    /// The workspace folder, symlinks resolved.
    public let root: String

    /// What the request does with the path.
    public enum Purpose: Sendable {
        /// Reads it (an included body or part).
        case reading
        /// Writes it (a response output).
        case writing
    }

    /// Confinement to the workspace at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Why `url` may not be used for `purpose`, in words, or `nil` when it may.
    public func refusal(of url: URL, for purpose: Purpose) -> String? {
        let resolved = Self.resolved(url.standardizedFileURL)
        guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            return "\(resolved) is outside the workspace"
        }
        guard let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
        else {
            return purpose == .reading ? "\(resolved) does not exist" : nil
        }
        return type == .typeRegular ? nil : "\(resolved) is not a regular file"
    }

    /// `url`'s path with the symlinks of its deepest existing part resolved and the rest appended.
    static func resolved(_ url: URL) -> String {
        var existing = url
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var result = existing.resolvingSymlinksInPath()
        for component in rest { result.appendPathComponent(component) }
        return result.standardizedFileURL.path
    }
}
