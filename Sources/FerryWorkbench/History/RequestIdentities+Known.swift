import FerryJSON
import Foundation

// MARK: - Ids for some of a workspace's requests: their records alone read and written

extension RequestIdentities {
    /// The stable ids of `requests`, some of a workspace's requests, when `ids.json` can say them by path and name
    /// alone: each request found there by its path and name (an edited one has its fingerprint brought up to date,
    /// one marked gone is live again), or found nowhere and sharing its fingerprint with no record (a new request:
    /// a record of its own is added). `nil` when one is unnamed, named twice among `requests`, or new with a
    /// record of its content elsewhere (a renamed or moved request): only the whole workspace's
    /// ``assign(_:now:)`` may tell which record that one takes.
    ///
    /// `ids.json` is read in one pass over its bytes (``IdentityFileScan``): only the records of `requests`' files
    /// are decoded, and what changes is written in place, every other record's bytes kept as they are; nothing is
    /// recorded for the workspace's other requests. Reads without a lock (the file is only ever replaced whole);
    /// a change is made under the lock on a fresh read.
    public func assign(someOf requests: some Collection<WorkspaceRequest>) throws -> [RequestID: String]? {
        guard let found = Self.update(for: requests, in: currentBytes()) else { return nil }
        guard found.changes else { return found.ids }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try LockFile.withLock(url.deletingLastPathComponent().appendingPathComponent("ids.lock")) {
            let bytes = currentBytes()
            guard let update = Self.update(for: requests, in: bytes) else { return nil }
            if update.changes { _ = try FileIO.writeAtomically(update.document(replacing: bytes), to: url) }
            return update.ids
        }
    }

    /// The bytes of `ids.json`; none when it is missing or unreadable (as ``load()`` reads an empty document).
    private func currentBytes() -> [UInt8] {
        (try? FileIO.bytes(of: url)) ?? []
    }

    /// What `requests`' ids are in `bytes` and what must change there for them; `nil` when the whole workspace
    /// must be matched (see ``assign(someOf:)``).
    static func update(for requests: some Collection<WorkspaceRequest>, in bytes: [UInt8]) -> KnownRecordsUpdate? {
        var wanted: [PathAndName: Int] = [:]
        wanted.reserveCapacity(requests.count)
        for (position, request) in requests.enumerated() {
            guard let name = request.request.name,
                wanted.updateValue(position, forKey: PathAndName(path: request.path, name: name)) == nil
            else { return nil }
        }
        let prints = requests.map { fingerprint(of: $0.request) }
        return bytes.withUnsafeBufferPointer { buffer -> KnownRecordsUpdate? in
            var update = KnownRecordsUpdate()
            var records: [IdentityFileScan.Record] = []
            if !buffer.isEmpty {
                guard let scan = IdentityFileScan(buffer) else { return nil }
                records = scan.records
                update.endOfRecords = scan.endOfRecords
            }
            guard let matched = match(records, in: buffer, wanted: wanted, paths: Set(requests.map(\.path)))
            else { return nil }
            let claimed = Set(matched.values)
            // Only for requests found nowhere: the records of the same content.
            let unmatched = Set(prints.indices.filter { matched[$0] == nil }.map { prints[$0] })
            let sharing = unmatched.isEmpty ? [:] : Self.indexes(of: records, in: buffer, withPrints: unmatched)
            for (position, request) in requests.enumerated() {
                guard let index = matched[position] else {
                    // A record of the same content that no request here claims may be this one, moved.
                    guard (sharing[prints[position]] ?? []).allSatisfy(claimed.contains) else { return nil }
                    let record = Record(
                        id: newID(), path: request.path, name: request.request.name, fingerprint: prints[position],
                        formerPaths: nil, lastSeen: nil)
                    update.added.append(record)
                    update.ids[request.id] = record.id
                    continue
                }
                let scanned = records[index]
                guard let id = IdentityFileScan.text(scanned.id, of: buffer) else { return nil }
                update.ids[request.id] = id
                let print = IdentityFileScan.text(scanned.fingerprint, of: buffer)
                guard print != prints[position] || scanned.isMarkedGone else { continue }
                guard let document = try? JSONDocument(parsing: Array(buffer[scanned.range])),
                    var record = Record(document, at: document.root)
                else { return nil }
                record.fingerprint = prints[position]
                record.markLive()
                update.rewritten.append((scanned.range, record.jsonValue.formattedBytes(.compact)))
            }
            return update
        }
    }

    /// Which record each wanted request (by its position) is, the last of its path and name as the whole
    /// workspace's match takes it; `nil` when a record's string is malformed.
    private static func match(
        _ records: [IdentityFileScan.Record], in buffer: UnsafeBufferPointer<UInt8>, wanted: [PathAndName: Int],
        paths: Set<String>
    ) -> [Int: Int]? {
        var matched: [Int: Int] = [:]
        // Records come grouped by file: the path is decoded and looked up once a run of equal paths.
        var lastPath: Range<Int>?
        var lastPathText = ""
        var isWantedPath = false
        for (index, record) in records.enumerated() {
            if lastPath.map({ !buffer[record.path].elementsEqual(buffer[$0]) }) ?? true {
                guard let text = IdentityFileScan.text(record.path, of: buffer) else { return nil }
                lastPath = record.path
                lastPathText = text
                isWantedPath = paths.contains(text)
            }
            guard isWantedPath, let nameRange = record.name else { continue }
            guard let name = IdentityFileScan.text(nameRange, of: buffer) else { return nil }
            if let position = wanted[PathAndName(path: lastPathText, name: name)] { matched[position] = index }
        }
        return matched
    }

    /// The indexes of the records whose fingerprint is one of `prints`, by fingerprint.
    private static func indexes(
        of records: [IdentityFileScan.Record], in buffer: UnsafeBufferPointer<UInt8>, withPrints prints: Set<String>
    ) -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            let print = String(decoding: UnsafeBufferPointer(rebasing: buffer[record.fingerprint]), as: UTF8.self)
            if prints.contains(print) { found[print, default: []].append(index) }
        }
        return found
    }
}

/// What ``RequestIdentities/assign(someOf:)`` found: the ids, and the records to rewrite and add.
struct KnownRecordsUpdate {
    /// The requests' stable ids.
    var ids: [RequestID: String] = [:]
    /// Records rewritten where they are: their bytes' range in the old document and their new bytes.
    var rewritten: [(range: Range<Int>, bytes: [UInt8])] = []
    /// Records added at the end.
    var added: [RequestIdentities.Record] = []
    /// Where the old document's `requests` array closes; `nil` when there was no document.
    var endOfRecords: Int?

    /// Whether `ids.json` must be written.
    var changes: Bool { !rewritten.isEmpty || !added.isEmpty }

    /// The new document: `old` with the rewritten records replaced and the added ones appended to its array (a
    /// new document of the added ones when there was none).
    func document(replacing old: [UInt8]) -> [UInt8] {
        guard let endOfRecords else { return RequestIdentities.Document(requests: added).bytes }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(old.count + added.count * 160)
        var cursor = 0
        for (range, replacement) in rewritten.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            bytes += old[cursor..<range.lowerBound]
            bytes += replacement
            cursor = range.upperBound
        }
        bytes += old[cursor..<endOfRecords]
        // A comma before each added record unless the array was empty and this is its first.
        var isFirst = old[..<endOfRecords].last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "[")
        for record in added {
            if !isFirst { bytes.append(UInt8(ascii: ",")) }
            isFirst = false
            bytes += record.jsonValue.formattedBytes(.compact)
        }
        bytes += old[endOfRecords...]
        return bytes
    }
}
