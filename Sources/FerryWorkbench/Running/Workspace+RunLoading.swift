import Foundation

// MARK: - Loading only what a run of named files needs

extension Workspace {
    /// The workspace at `root` as a run of `paths` (``CollectionRun/paths``) needs it: only the files under `paths`
    /// parsed (``load(at:parsing:)``), unless one of them reaches into other files (an `import` or `run` line, a
    /// `{{name.response…}}` reference, which may name a request of any file): then every file is.
    public static func load(at root: URL, forRunOf paths: [String]) throws -> Workspace {
        let workspace = try load(at: root, parsing: paths)
        guard workspace.isPartial, workspace.reachesOtherFiles else { return workspace }
        return try load(at: root)
    }

    /// Whether a parsed file has `import` or `run` lines or a request that refers to another's response.
    var reachesOtherFiles: Bool {
        files.contains { file in
            !file.content.statements.isEmpty
                || file.requests.contains { !Self.responseReferences(in: $0.request).isEmpty }
        }
    }
}
