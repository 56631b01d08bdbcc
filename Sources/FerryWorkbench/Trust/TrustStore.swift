import FerrySystem
import Foundation

/// The workspaces the user trusts, kept in the user's own configuration (never in a repository):
/// `trusted-workspaces.json` in Ferry's config folder, one entry per workspace folder (its resolved path) with
/// when it was trusted and a fingerprint of what its files then reached outside it
/// (``Workspace/outsideReferences()``). A workspace not listed, or whose files reach somewhere new since (a
/// `git pull` added an output above the folder), is ``WorkspaceAccess/confined``. The store also keeps the
/// workspaces the user chose to keep in safe mode when the workbench asked (``decline(_:at:)``), so it asks
/// again only once their files reach somewhere new.
///
/// ```swift
/// let store = TrustStore(file: config.appendingPathComponent("trusted-workspaces.json"))
/// sender.access = store.access(for: workspace)
/// try store.trust(workspace)   // `ferry trust PATH`, or the workbench's "Trust this workspace"
/// ```
public struct TrustStore: Sendable {
    /// The file the trusted workspaces are kept in.
    public let file: URL?

    /// One trusted workspace.
    struct Entry: Codable, Hashable {
        /// The workspace folder, symlinks resolved.
        var path: String
        /// When the user trusted it, or chose safe mode (seconds since 1970).
        var trustedAt: Double
        /// ``TrustStore/fingerprint(of:)-(Workspace)`` of the workspace then; `nil` for a folder trusted without reading it.
        var fingerprint: String?
        /// `true` when the user answered "keep it in safe mode" rather than trusting it (absent: trusted).
        var declined: Bool?

        /// Whether this entry trusts its folder.
        var trusts: Bool { declined != true }
    }

    /// A store kept in `file`; `nil` (no config folder) trusts nothing and cannot record trust.
    public init(file: URL?) {
        self.file = file
    }

    /// The access `workspace`'s files get: trusted when the user trusted its folder and its files reach
    /// outside it nowhere new since, else confined.
    public func access(for workspace: Workspace) -> WorkspaceAccess {
        let path = Self.key(workspace.root)
        guard let entry = entries().first(where: { $0.path == path && $0.trusts }) else { return .confined }
        guard let fingerprint = entry.fingerprint else { return .trusted }
        // What the workspace's files reach is a fact of all of them: a partial workspace (a send of one request, a
        // run of some files) is read whole to tell it.
        let whole = workspace.isPartial ? (try? Workspace.load(at: workspace.root)) ?? workspace : workspace
        return fingerprint == Self.fingerprint(of: whole) ? .trusted : .confined
    }

    /// Whether the user trusted the folder `root` (whatever its files reach now).
    public func isTrusted(_ root: URL) -> Bool {
        let path = Self.key(root)
        return entries().contains { $0.path == path && $0.trusts }
    }

    /// Whether the user chose to keep the workspace at `root` in safe mode when asked, and its files, which reach
    /// `references` outside it now (``Workspace/outsideReferences()``), reach nowhere new since.
    public func hasDeclined(_ root: URL, reaching references: [OutsideReference]) -> Bool {
        let path = Self.key(root)
        let fingerprint = Self.fingerprint(of: references)
        return entries().contains { $0.path == path && !$0.trusts && $0.fingerprint == fingerprint }
    }

    /// Records that the user keeps `workspace`, as its files are now, in safe mode: the workbench does not ask
    /// again until they reach somewhere new (written atomically).
    public func decline(_ workspace: Workspace, at date: Date = Date()) throws {
        try record(workspace.root, fingerprint: Self.fingerprint(of: workspace), declined: true, at: date)
    }

    /// Records that the user trusts `workspace` as its files are now (written atomically).
    public func trust(_ workspace: Workspace, at date: Date = Date()) throws {
        try record(workspace.root, fingerprint: Self.fingerprint(of: workspace), declined: false, at: date)
    }

    /// Records that the user trusts the folder `root`, whatever its files reach (a folder that is no workspace
    /// yet).
    public func trust(_ root: URL, at date: Date = Date()) throws {
        try record(root, fingerprint: nil, declined: false, at: date)
    }

    /// What a workspace's files reach outside it, as a SHA-1 of their places and paths.
    public static func fingerprint(of workspace: Workspace) -> String {
        fingerprint(of: workspace.outsideReferences())
    }

    /// The fingerprint of a workspace whose files reach `references` outside it.
    public static func fingerprint(of references: [OutsideReference]) -> String {
        let text =
            references
            .map { "\($0.location) \($0.kind == .writes ? ">>" : "<") \($0.path)" }.sorted().joined(separator: "\n")
        return SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private func record(_ root: URL, fingerprint: String?, declined: Bool, at date: Date) throws {
        guard let file else { throw TrustError.noConfigFolder }
        var kept = entries().filter { $0.path != Self.key(root) }
        kept.append(
            Entry(
                path: Self.key(root), trustedAt: date.timeIntervalSince1970, fingerprint: fingerprint,
                declined: declined ? true : nil))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try FileIO.writeAtomically(Array(try encoder.encode(kept.sorted { $0.path < $1.path })), to: file)
    }

    /// The trusted workspace folders, sorted.
    public func trustedPaths() -> [String] { entries().filter(\.trusts).map(\.path).sorted() }

    /// The entries on file; none when it is missing or unreadable (then nothing is trusted).
    func entries() -> [Entry] {
        guard let file, let data = try? Data(contentsOf: file) else { return [] }
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }

    /// How a folder is named in the store: its path with symlinks resolved.
    static func key(_ root: URL) -> String {
        root.standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// Why trust could not be recorded.
public enum TrustError: Error, CustomStringConvertible {
    /// Neither `XDG_CONFIG_HOME` nor `HOME` names a config folder.
    case noConfigFolder

    /// The reason in words.
    public var description: String {
        switch self {
        case .noConfigFolder: "no config folder to keep trust in: set HOME or XDG_CONFIG_HOME"
        }
    }
}
