import Foundation

/// The workspaces the user trusts, kept in the user's own configuration (never in a repository):
/// `trusted-workspaces.json` in Ferry's config folder, one entry per workspace folder (its resolved path) with
/// when it was trusted. A workspace not listed is ``WorkspaceAccess/confined``.
///
/// ```swift
/// let store = TrustStore(file: config.appendingPathComponent("trusted-workspaces.json"))
/// sender.access = store.access(for: workspace.root)
/// try store.trust(workspace.root)   // `ferry trust PATH`, or the workbench's "Trust this workspace"
/// ```
public struct TrustStore: Sendable {
    /// The file the trusted workspaces are kept in.
    public let file: URL?

    /// One trusted workspace.
    struct Entry: Codable, Hashable {
        /// The workspace folder, symlinks resolved.
        var path: String
        /// When the user trusted it (seconds since 1970).
        var trustedAt: Double
    }

    /// A store kept in `file`; `nil` (no config folder) trusts nothing and cannot record trust.
    public init(file: URL?) {
        self.file = file
    }

    /// The access `root`'s files get: trusted when the user trusted that folder, else confined.
    public func access(for root: URL) -> WorkspaceAccess {
        isTrusted(root) ? .trusted : .confined
    }

    /// Whether the user trusted the workspace at `root`.
    public func isTrusted(_ root: URL) -> Bool {
        let path = Self.key(root)
        return entries().contains { $0.path == path }
    }

    /// Records that the user trusts the workspace at `root` (written atomically).
    public func trust(_ root: URL, at date: Date = Date()) throws {
        guard let file else { throw TrustError.noConfigFolder }
        var kept = entries().filter { $0.path != Self.key(root) }
        kept.append(Entry(path: Self.key(root), trustedAt: date.timeIntervalSince1970))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try FileIO.writeAtomically(Array(try encoder.encode(kept.sorted { $0.path < $1.path })), to: file)
    }

    /// The trusted workspace folders, sorted.
    public func trustedPaths() -> [String] { entries().map(\.path).sorted() }

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
