import Foundation

// MARK: - Keeping stable ids in step with Ferry's own renames and moves

extension Workspace {
    /// Whether the workspace has a history worth following: `.ferry/ids.json` or a history log exists.
    var keepsHistory: Bool {
        let log = HistoryLog(stateFolder: stateFolder)
        return [RequestIdentities(stateFolder: stateFolder).url, log.url, log.rotatedURL].contains {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }

    /// The stable ids of the workspace's requests (`.ferry/ids.json`; new ones recorded). Of a partial workspace
    /// (``isPartial``), read from `ids.json` when each of its requests is found there by path and name unchanged,
    /// else the whole workspace is read for them: ids are never recorded for only some of the requests.
    public func stableIdentities() throws -> [RequestID: String] {
        let identities = RequestIdentities(stateFolder: stateFolder)
        guard isPartial else { return try identities.assign(requests) }
        if let found = identities.assign(someOf: requests) { return found }
        return try identities.assign(Workspace.load(at: root).requests)
    }

    /// The stable ids of every request, recorded now, before a rename or move changes their paths; `nil`
    /// when the workspace keeps no history (nothing is written then) or the ids cannot be written.
    func identitiesBeforeChange() -> [RequestID: String]? {
        guard keepsHistory else { return nil }
        return try? RequestIdentities(stateFolder: stateFolder).assign(requests)
    }

    /// Points the record of stable id `id` (from ``identitiesBeforeChange()``) at the request now at `newID`.
    /// A failure only means the next `assign` matches it by content instead.
    func followIdentity(_ id: String?, to newID: RequestID) {
        guard let id, let found = try? request(newID.description) else { return }
        try? RequestIdentities(stateFolder: stateFolder).move(id, to: found.path, name: found.request.name)
    }
}
