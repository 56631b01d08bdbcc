import Foundation

/// Stable ids for requests, kept in `.ferry/ids.json`, so history follows a request through
/// renames, moves and edits without writing anything into the user's `.http` files.
///
/// A request is matched to its record by path and name first (an edited request keeps its id),
/// then by a fingerprint of its content among records whose path and name are gone (a renamed or
/// moved request keeps its id); anything else gets a new id. Renaming *and* editing a request
/// outside Ferry at the same time is the one case that starts a new history.
public struct RequestIdentities: Sendable {
    /// One remembered request.
    struct Record: Codable, Sendable, Hashable {
        var id: String
        var path: String
        var name: String?
        var fingerprint: String
        /// Where the request was before (`path#name`, oldest first, at most ``formerPathLimit``), so a
        /// history line that named it by path before a move or rename still finds it. Absent in files
        /// written before it existed.
        var formerPaths: [String]?
        /// For a request gone from the workspace, when Ferry first found it gone, in seconds since 1970; absent
        /// for a request in the workspace (it is there now: nothing to store), and in files written before it
        /// existed.
        var lastSeen: Double?

        /// `path#name`, or `nil` for an unnamed request (its `#N` changes with its position).
        var key: String? { name.map { path + "#" + $0 } }

        /// Notes that the request is in the workspace: a date is kept only for a request that is gone.
        mutating func markLive() {
            lastSeen = nil
        }

        /// Moves the record to `path` and `name`, remembering where it was.
        mutating func move(to path: String, name: String?) {
            guard path != self.path || name != self.name else { return }
            if let key {
                var former = (formerPaths ?? []).filter { $0 != key }
                former.append(key)
                formerPaths = Array(former.suffix(RequestIdentities.formerPathLimit))
            }
            self.path = path
            self.name = name
        }
    }

    /// How many former places a record keeps.
    static let formerPathLimit = 16

    /// How long the record of a request that is neither in the workspace nor in the trash is kept: 30 days.
    public static let goneRecordRetention: TimeInterval = 30 * 86_400

    struct Document: Codable {
        var version = 1
        var requests: [Record] = []
    }

    /// The `ids.json` file.
    public let url: URL

    /// Identities stored in `stateFolder/ids.json`.
    public init(stateFolder: URL) {
        url = stateFolder.appendingPathComponent("ids.json")
    }

    /// A new stable id: a random (version 4) UUID in lowercase, as `UUID().uuidString.lowercased()` spells it,
    /// from the system's generator (`getrandom`): Foundation's `UUID()` opened `/dev/urandom` for each one, a
    /// tenth of the first send from a file of 10^5 requests.
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        // The version (4) in the high nibble of byte 6, the variant (binary 10) in the top bits of byte 8.
        let high = generator.next() & ~UInt64(0xF000) | 0x4000
        let low = generator.next() & ~(UInt64(0xC0) << 56) | (UInt64(0x80) << 56)
        let hex = Array((hexDigits(high) + hexDigits(low)).utf8)
        var text = ""
        text.reserveCapacity(36)
        for (index, range) in [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].enumerated() {
            if index > 0 { text += "-" }
            text += String(decoding: hex[range], as: UTF8.self)
        }
        return text
    }

    /// `value` in 16 lowercase hex digits.
    private static func hexDigits(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The content fingerprint of a request: method, URL, headers and body (not its name or comments).
    public static func fingerprint(of request: SavedRequest) -> String {
        // The hash of `METHOD URL\n`, `name:value\n` per header (the name lowercased), `\n` and the body, fed piece
        // by piece: the same value as hashing the joined text, which a run's start would build for every request of
        // the workspace.
        var hash = FileFingerprint.hash(request.method.utf8)
        func feed(_ piece: String) { hash = FileFingerprint.hash(piece.utf8, continuing: hash) }
        feed(" ")
        feed(request.url)
        request.urlContinuations.forEach(feed)
        feed("\n")
        for header in request.headers {
            feed(header.name.lowercased())
            feed(":")
            feed(header.value)
            feed("\n")
        }
        feed("\n")
        feed(request.body ?? "")
        return String(hash, radix: 16)
    }

    /// The stable ids of every request of a workspace (`requests` must be all of them), by workspace id; new
    /// ones are recorded, and records of requests gone for longer than ``goneRecordRetention`` before `now`
    /// (neither in `requests` nor in the trash) are forgotten.
    public func assign(_ requests: [WorkspaceRequest], now: Date = Date()) throws -> [RequestID: String] {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try LockFile.withLock(url.deletingLastPathComponent().appendingPathComponent("ids.lock")) {
            var document = load()
            let seconds = now.timeIntervalSince1970
            let (result, matched) = Self.match(requests, records: document.requests, now: seconds)
            let updated = pruned(matched, live: { Set(result.values) }, now: seconds)
            if updated != document.requests {
                document.requests = updated
                try write(document)
            }
            return result
        }
    }

    func write(_ document: Document) throws {
        try FileIO.writeAtomically(document.bytes, to: url)
    }

    /// The stored document; an empty one when `ids.json` is missing or unreadable.
    func load() -> Document {
        guard let bytes = try? FileIO.bytes(of: url), let document = Document(parsing: bytes) else {
            return Document()
        }
        return document
    }

    /// A request's file and name, the first key a request is matched by.
    struct PathAndName: Hashable {
        var path: String
        var name: String
    }

    /// The named records' indexes by path and name. Keyed by the pair, not by `path#name` strings: a run's start
    /// matches every request of the workspace.
    static func index(byPathAndName records: [Record]) -> [PathAndName: Int] {
        var byPathAndName: [PathAndName: Int] = [:]
        byPathAndName.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            if let name = record.name { byPathAndName[PathAndName(path: record.path, name: name)] = index }
        }
        return byPathAndName
    }

    /// Matches requests to records; returns ids by request and the updated records.
    static func match(_ requests: [WorkspaceRequest], records: [Record], now: Double) -> ([RequestID: String], [Record])
    {
        var records = records
        let byPathAndName = index(byPathAndName: records)
        // Whether each record is claimed by a request, by index: a flag, not a set of a million hashed indexes.
        var claimed = [Bool](repeating: false, count: records.count)
        var result: [RequestID: String] = [:]
        result.reserveCapacity(requests.count)
        var unmatched: [WorkspaceRequest] = []
        for request in requests {
            if let name = request.request.name,
                let index = byPathAndName[PathAndName(path: request.path, name: name)], !claimed[index]
            {
                claimed[index] = true
                records[index].fingerprint = fingerprint(of: request.request)
                records[index].markLive()
                result[request.id] = records[index].id
            } else {
                unmatched.append(request)
            }
        }
        // Every request found by its path and name (the usual case): no index of the rest is needed.
        if !unmatched.isEmpty {
            match(unmatched, of: requests, into: &records, claimed: &claimed, result: &result)
        }
        // A request found gone (or from a file written before `lastSeen` existed) starts its clock now.
        for index in records.indices where !claimed[index] && records[index].lastSeen == nil {
            records[index].lastSeen = now
        }
        return (result, records)
    }

    /// Matches the `unmatched` requests (of all `requests`) by fingerprint to the records no request claimed whose
    /// path and name are gone (a renamed or moved request), else gives each a new record.
    private static func match(
        _ unmatched: [WorkspaceRequest], of requests: [WorkspaceRequest], into records: inout [Record],
        claimed: inout [Bool], result: inout [RequestID: String]
    ) {
        let livePathNames = Set(
            requests.compactMap { request in request.request.name.map { PathAndName(path: request.path, name: $0) } })
        var byFingerprint: [String: [Int]] = [:]
        for (index, record) in records.enumerated() where !claimed[index] {
            let key = record.name.map { PathAndName(path: record.path, name: $0) }
            if let key, livePathNames.contains(key) { continue }
            byFingerprint[record.fingerprint, default: []].append(index)
        }
        for request in unmatched {
            let print = fingerprint(of: request.request)
            if var candidates = byFingerprint[print], let index = candidates.first {
                candidates.removeFirst()
                byFingerprint[print] = candidates
                claimed[index] = true
                records[index].move(to: request.path, name: request.request.name)
                records[index].markLive()
                result[request.id] = records[index].id
            } else {
                let record = Record(
                    id: newID(), path: request.path, name: request.request.name,
                    fingerprint: print, formerPaths: nil, lastSeen: nil)
                records.append(record)
                claimed.append(true)
                result[request.id] = record.id
            }
        }
    }
}
