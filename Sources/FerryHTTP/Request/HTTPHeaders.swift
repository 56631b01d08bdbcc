/// Header fields in order, with names compared case-insensitively; a name may repeat.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers.add("Set-Cookie", "a=1")
/// headers["content-type"] = "text/plain"   // replaces every field with that name
/// headers.values(for: "SET-COOKIE")         // ["a=1"]
/// ```
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public typealias Element = (name: String, value: String)

    private var fields: [Field]

    /// Headers with the given fields, in order.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// Headers from a literal, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    // MARK: - Reading

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Whether a field named `name` exists (any case).
    public func contains(_ name: String) -> Bool { fields.contains { $0.matches(name) } }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] { fields.filter { $0.matches(name) }.map(\.value) }

    /// The first value of `name`; setting replaces every field with that name (at the first one's
    /// position), and setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.matches(name) }?.value }
        set {
            if let newValue { set(name, newValue) } else { remove(name) }
        }
    }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.map { (name: $0.name, value: $0.value) }.makeIterator()
    }

    /// The fields as `Name: value` lines.
    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    // MARK: - Changing

    /// Makes room for `count` fields, so that appending them allocates once.
    mutating func reserveCapacity(_ count: Int) { fields.reserveCapacity(count) }

    /// Appends a field, keeping any others with the same name.
    public mutating func add(_ name: String, _ value: String) { fields.append(Field(name: name, value: value)) }

    /// Replaces every field named `name` with one field, at the position of the first, or appends it.
    public mutating func set(_ name: String, _ value: String) {
        if let first = fields.firstIndex(where: { $0.matches(name) }) {
            fields[first] = Field(name: name, value: value)
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if fields[index].matches(name) { fields.remove(at: index) } else { index += 1 }
            }
        } else {
            add(name, value)
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) { fields.removeAll { $0.matches(name) } }

    /// These headers plus each field of `defaults` whose name these headers do not have.
    public func addingDefaults(_ defaults: HTTPHeaders) -> HTTPHeaders {
        var result = self
        for field in defaults.fields where !contains(field.name) { result.fields.append(field) }
        return result
    }

    // MARK: - Equality

    /// Equal when the fields match in order, names compared case-insensitively and values exactly.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.matches($1.name) && $0.value == $1.value }
    }

    /// Hashes the fields with lowercased names.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }

    // MARK: - Internals

    private struct Field: Sendable {
        var name: String
        var value: String

        /// Case-insensitive equality of names, compared byte by byte for ASCII names (all real ones),
        /// since this runs for every header of every request.
        func matches(_ other: String) -> Bool {
            guard name.utf8.count == other.utf8.count else { return false }
            var isASCII = true
            for (a, b) in zip(name.utf8, other.utf8) {
                guard a < 0x80, b < 0x80 else {
                    isASCII = false
                    break
                }
                if a != b && ASCII.lowercased(a) != ASCII.lowercased(b) { return false }
            }
            return isASCII || name.lowercased() == other.lowercased()
        }
    }
}
