import FerryJSON
import Foundation

// MARK: - Ids for some of a workspace's requests, found by path and name

extension RequestIdentities {
    /// The stable ids of `requests`, some of a workspace's requests, when every one is found by its path and name
    /// and `ids.json` needs no change for it (its fingerprint the same, the record not marked gone); `nil` when one
    /// is not: a new, renamed, moved, unnamed or edited request, which only the whole workspace's
    /// ``assign(_:now:)`` may record (it tells which record a moved request takes and which are gone). Reads only,
    /// with no lock (the file is only ever replaced whole); of the other records only the path is decoded.
    public func assign(someOf requests: [WorkspaceRequest]) -> [RequestID: String]? {
        guard let bytes = try? FileIO.read(url).bytes,
            let records = Document.records(in: bytes, atPaths: Set(requests.map(\.path)))
        else { return nil }
        let byPathAndName = Self.index(byPathAndName: records)
        var claimed = [Bool](repeating: false, count: records.count)
        var result: [RequestID: String] = [:]
        result.reserveCapacity(requests.count)
        for request in requests {
            guard let name = request.request.name,
                let index = byPathAndName[PathAndName(path: request.path, name: name)], !claimed[index],
                records[index].lastSeen == nil, records[index].fingerprint == Self.fingerprint(of: request.request)
            else { return nil }
            claimed[index] = true
            result[request.id] = records[index].id
        }
        return result
    }
}

extension RequestIdentities.Document {
    /// The records in `bytes` whose path is one of `paths`, in file order; `nil` when the bytes are not an
    /// identities document or one of those records is malformed. The other records' paths are all that is decoded
    /// of them.
    static func records(in bytes: [UInt8], atPaths paths: Set<String>) -> [RequestIdentities.Record]? {
        guard let document = try? JSONDocument(parsing: bytes), document.kind(of: document.root) == .object,
            let list = document.children(of: document.root).first(where: { document.key(of: $0) == "requests" }),
            document.kind(of: list) == .array
        else { return nil }
        var found: [RequestIdentities.Record] = []
        for item in document.children(of: list) {
            guard document.kind(of: item) == .object else { return nil }
            guard let path = document.children(of: item).first(where: { document.key(of: $0) == "path" }),
                let text = document.string(at: path), paths.contains(text)
            else { continue }
            guard let record = RequestIdentities.Record(document, at: item) else { return nil }
            found.append(record)
        }
        return found
    }
}
