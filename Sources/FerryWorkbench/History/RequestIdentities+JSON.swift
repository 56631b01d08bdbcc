import FerryJSON

// MARK: - `ids.json` read and written with FerryJSON

extension RequestIdentities.Document {
    /// The document in `bytes`; `nil` when they are not JSON or not an identities document (a record without
    /// its id, path or fingerprint, a member of the wrong type), as `JSONDecoder` refuses it. Read from the
    /// parsed document's nodes, with no tree of values built for a file of a million records.
    init?(parsing bytes: [UInt8]) {
        guard let document = try? JSONDocument(parsing: bytes), document.kind(of: document.root) == .object else {
            return nil
        }
        var version: Int?
        var requests: [RequestIdentities.Record]?
        for member in document.children(of: document.root) {
            switch document.key(of: member) {
            case "version":
                version = document.value(at: member).intValue
            case "requests":
                guard document.kind(of: member) == .array else { return nil }
                var list: [RequestIdentities.Record] = []
                list.reserveCapacity(document.childCount(of: member))
                for item in document.children(of: member) {
                    guard let record = RequestIdentities.Record(document, at: item) else { return nil }
                    list.append(record)
                }
                requests = list
            default:
                continue
            }
        }
        guard let version, let requests else { return nil }
        self.init(version: version, requests: requests)
    }

    /// The document as compact JSON with sorted keys and no final newline (`JSONEncoder` and `JSONDecoder`
    /// read each other's): at 10^6 requests the indentation alone was a third of the file.
    var bytes: [UInt8] {
        JSONValue.object(
            JSONObject([
                JSONMember(key: "requests", value: .array(requests.map(\.jsonValue))),
                JSONMember(key: "version", value: .integer(version)),
            ])
        ).formattedBytes(.compact)
    }
}

extension RequestIdentities.Record {
    /// The record at `node` of `document`; `nil` when a required member is missing or a member has the wrong
    /// type (`null` counts as absent; of a member given twice, the last counts).
    init?(_ document: JSONDocument, at node: Int) {
        guard document.kind(of: node) == .object else { return nil }
        var id: String?
        var path: String?
        var fingerprint: String?
        var name: String?
        var lastSeen: Double?
        var formerPaths: [String]?
        for member in document.children(of: node) {
            let kind = document.kind(of: member)
            switch document.key(of: member) {
            case "id": id = document.string(at: member)
            case "path": path = document.string(at: member)
            case "fingerprint": fingerprint = document.string(at: member)
            case "name" where kind == .null: name = nil
            case "lastSeen" where kind == .null: lastSeen = nil
            case "formerPaths" where kind == .null: formerPaths = nil
            case "name":
                guard let text = document.string(at: member) else { return nil }
                name = text
            case "lastSeen":
                guard kind == .number, let seconds = document.value(at: member).doubleValue else { return nil }
                lastSeen = seconds
            case "formerPaths":
                guard kind == .array else { return nil }
                var former: [String] = []
                for item in document.children(of: member) {
                    guard let text = document.string(at: item) else { return nil }
                    former.append(text)
                }
                formerPaths = former
            default:
                continue
            }
        }
        guard let id, let path, let fingerprint else { return nil }
        self.init(
            id: id, path: path, name: name, fingerprint: fingerprint, formerPaths: formerPaths, lastSeen: lastSeen)
    }

    /// The record as an object with sorted keys, absent values left out.
    var jsonValue: JSONValue {
        var members = JSONMembers()
        members.add("fingerprint", .string(fingerprint))
        members.add("formerPaths", formerPaths.map { .array($0.map(JSONValue.string)) })
        members.add("id", .string(id))
        members.add("lastSeen", lastSeen.map(JSONValue.double))
        members.add("name", name.map(JSONValue.string))
        members.add("path", .string(path))
        return .object(JSONObject(members.list))
    }
}
