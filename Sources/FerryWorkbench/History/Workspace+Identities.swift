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
    /// (``isPartial``), those ``stableIdentities(of:)`` gives its requests: ids are never recorded for only some
    /// of the requests by anything but their path and name.
    public func stableIdentities() throws -> [RequestID: String] {
        guard isPartial else { return try RequestIdentities(stateFolder: stateFolder).assign(requests) }
        return try stableIdentities(of: requests)
    }

    /// The stable ids of `requests`, some of the workspace's (a send's one, a run's): their records alone read and
    /// written when `ids.json` can say them by path and name (``RequestIdentities/assign(someOf:)``), else every
    /// request of the workspace matched (it is read whole when this one is ``isPartial``).
    public func stableIdentities(of requests: some Collection<WorkspaceRequest>) throws -> [RequestID: String] {
        let identities = RequestIdentities(stateFolder: stateFolder)
        var seen = Set<RequestID>()
        let found: [RequestID: String]?
        // Copied (a request is hundreds of bytes) only when a request is given twice.
        if requests.allSatisfy({ seen.insert($0.id).inserted }) {
            found = try identities.assign(someOf: requests)
        } else {
            seen.removeAll()
            found = try identities.assign(someOf: requests.filter { seen.insert($0.id).inserted })
        }
        if let found { return found }
        return try identities.assign(isPartial ? Workspace.load(at: root).requests : self.requests)
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
