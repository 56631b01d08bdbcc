import Foundation

// MARK: - Forgetting requests that are gone

extension RequestIdentities {
    /// `records` without those of requests gone for good: not among `live` (the ids just assigned to the
    /// workspace's requests), not in the trash, and last seen more than ``goneRecordRetention`` before `now`.
    ///
    /// A trashed request keeps its record, so a restore finds its id and history again. The trash is read, and
    /// the set of live ids made (a million of them in a large workspace), only when some record is old enough to
    /// go.
    func pruned(_ records: [Record], live: () -> Set<String>, now: Double) -> [Record] {
        let cutoff = now - Self.goneRecordRetention
        let old = records.filter { ($0.lastSeen ?? now) < cutoff }
        guard !old.isEmpty else { return records }
        let liveIDs = live()
        let stale = old.filter { !liveIDs.contains($0.id) }
        guard !stale.isEmpty else { return records }
        let trash = TrashedPlaces(trashFolder: url.deletingLastPathComponent().appendingPathComponent("trash"))
        let forgotten = Set(stale.filter { !trash.holds($0) }.map(\.id))
        guard !forgotten.isEmpty else { return records }
        return records.filter { !forgotten.contains($0.id) }
    }
}

/// Where the requests in the trash were: the requests deleted one by one, and the files and folders deleted
/// whole.
struct TrashedPlaces {
    /// `path#name` of each trashed request with a name.
    private var requestKeys: Set<String> = []
    /// `path` and content fingerprint of each trashed request (the only way to know an unnamed one).
    private var requestPrints: Set<[String]> = []
    /// The paths of the trashed files and folders.
    private var items: [String] = []

    /// The places of everything in the trash folder `trashFolder`.
    init(trashFolder: URL) {
        for entry in Workspace.trashEntries(in: trashFolder) {
            switch entry.kind {
            case .item:
                items.append(entry.originalPath)
            case .request:
                guard let request = try? Workspace.trashedRequest(entry, in: trashFolder) else { continue }
                if let name = request.name { requestKeys.insert(entry.originalPath + "#" + name) }
                requestPrints.insert([entry.originalPath, RequestIdentities.fingerprint(of: request)])
            }
        }
    }

    /// Whether `record`'s request is in the trash.
    func holds(_ record: RequestIdentities.Record) -> Bool {
        if let key = record.key, requestKeys.contains(key) { return true }
        if requestPrints.contains([record.path, record.fingerprint]) { return true }
        return items.contains { Workspace.path(record.path, isInside: $0) }
    }
}
