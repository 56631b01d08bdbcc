import FerryJSON

// MARK: - `ids.json` read and written with FerryJSON

extension RequestIdentities.Document {
    /// The document in `bytes`; `nil` when they are not JSON or not an identities document (a record without
    /// its id, path or fingerprint, a member of the wrong type), as `JSONDecoder` refuses it.
    init?(parsing bytes: [UInt8]) {
        guard let root = (try? JSONValue(parsing: bytes))?.objectValue,
            let version = root["version"]?.intValue,
            let list = root["requests"]?.arrayValue
        else { return nil }
        var requests: [RequestIdentities.Record] = []
        requests.reserveCapacity(list.count)
        for item in list {
            guard let record = RequestIdentities.Record(item) else { return nil }
            requests.append(record)
        }
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
    /// The record in `value`; `nil` when a required member is missing or a member has the wrong type.
    init?(_ value: JSONValue) {
        guard let object = value.objectValue,
            let id = object["id"]?.stringValue,
            let path = object["path"]?.stringValue,
            let fingerprint = object["fingerprint"]?.stringValue,
            let name = Self.optional(object["name"], \.stringValue),
            let lastSeen = Self.optional(object["lastSeen"], \.doubleValue),
            let formerPaths = Self.optional(object["formerPaths"], { $0.arrayValue })
        else { return nil }
        let former = formerPaths?.compactMap(\.stringValue)
        guard former?.count == formerPaths?.count else { return nil }
        self.init(id: id, path: path, name: name, fingerprint: fingerprint, formerPaths: former, lastSeen: lastSeen)
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

    /// An optional member: `.some(nil)` when absent or `null`, `.some(value)` when `read` takes it, `nil` (the
    /// record is refused) when it has another type.
    private static func optional<T>(_ member: JSONValue?, _ read: (JSONValue) -> T?) -> T?? {
        guard let member, !member.isNull else { return .some(nil) }
        return read(member).map { .some($0) }
    }
}
