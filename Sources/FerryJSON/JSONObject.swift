/// One member of a ``JSONObject``.
public struct JSONMember: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// The members of a JSON object in document order, duplicates kept (and reported by ``duplicateKeys``).
///
/// Looking a key up gives its last occurrence, as JavaScript and jq do.
///
/// ```swift
/// var object: JSONObject = ["b": 1, "a": 2]
/// object["c"] = "new"         // appended: b, a, c
/// object.keys                 // ["b", "a", "c"]
/// ```
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The members in order.
    public var members: [JSONMember]

    /// Creates an object from members in order.
    public init(_ members: [JSONMember] = []) { self.members = members }

    /// An object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { JSONMember(key: $0.0, value: $0.1) }
    }

    // MARK: - Collection

    /// The index of the first member.
    public var startIndex: Int { members.startIndex }
    /// The index past the last member.
    public var endIndex: Int { members.endIndex }
    /// The member at `position`.
    public subscript(position: Int) -> JSONMember { members[position] }

    // MARK: - Keys

    /// The value of the last member named `key`; setting replaces that member's value in place or appends
    /// a member, and setting `nil` removes every member named `key`.
    public subscript(key: String) -> JSONValue? {
        get { members.last { $0.key == key }?.value }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append(JSONMember(key: key, value: newValue))
            }
        }
    }

    /// The keys in order, duplicates included.
    public var keys: [String] { members.map(\.key) }

    /// Keys that occur more than once, each listed once, in order of their second occurrence.
    public var duplicateKeys: [String] {
        var seen = Set<String>()
        var reported = Set<String>()
        var duplicates: [String] = []
        for member in members where !seen.insert(member.key).inserted {
            if reported.insert(member.key).inserted { duplicates.append(member.key) }
        }
        return duplicates
    }

    /// Whether some key occurs more than once.
    public var hasDuplicateKeys: Bool { !duplicateKeys.isEmpty }
}
