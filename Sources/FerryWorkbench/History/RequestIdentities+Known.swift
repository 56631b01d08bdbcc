import Foundation

// MARK: - Ids for some of a workspace's requests, found by path and name

extension RequestIdentities {
    /// The stable ids of `requests`, some of a workspace's requests, when every one is found by its path and name
    /// (their fingerprints brought up to date); `nil`, with nothing written, when one is not (a new, renamed,
    /// moved or unnamed request: only the whole workspace tells which record it takes, see ``assign(_:now:)``).
    /// The records of the other requests are left as they are: nothing is marked gone or forgotten.
    public func assign(someOf requests: [WorkspaceRequest]) throws -> [RequestID: String]? {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try LockFile.withLock(url.deletingLastPathComponent().appendingPathComponent("ids.lock")) {
            var document = load()
            var byPathAndName: [PathAndName: Int] = [:]
            byPathAndName.reserveCapacity(document.requests.count)
            for (index, record) in document.requests.enumerated() {
                if let name = record.name { byPathAndName[PathAndName(path: record.path, name: name)] = index }
            }
            var claimed = Set<Int>()
            var changed = false
            var result: [RequestID: String] = [:]
            result.reserveCapacity(requests.count)
            for request in requests {
                guard let name = request.request.name,
                    let index = byPathAndName[PathAndName(path: request.path, name: name)],
                    claimed.insert(index).inserted
                else { return nil }
                let fingerprint = Self.fingerprint(of: request.request)
                if document.requests[index].fingerprint != fingerprint || document.requests[index].lastSeen != nil {
                    document.requests[index].fingerprint = fingerprint
                    document.requests[index].markLive()
                    changed = true
                }
                result[request.id] = document.requests[index].id
            }
            if changed { try write(document) }
            return result
        }
    }
}
