/// The result of subscripting a ``JSONValue``: the value found (or why none was) and the path to it.
///
/// Subscripts chain without optionals; a missing step is remembered, and the typed getters throw a
/// ``JSONAccessError`` naming the path.
///
/// ```swift
/// let name = try json["items"][0]["name"].string()
/// let limit = json["page"]["limit"].value?.intValue ?? 20
/// ```
public struct JSONLookup: Sendable, Hashable {
    /// The path looked up.
    public let path: JSONPath
    /// The value at ``path``, or `nil` when a step was missing.
    public let value: JSONValue?
    /// Why ``value`` is `nil`.
    let failure: String?

    init(path: JSONPath, value: JSONValue) {
        self.path = path
        self.value = value
        failure = nil
    }

    init(path: JSONPath, failure: String) {
        self.path = path
        value = nil
        self.failure = failure
    }

    // MARK: - Subscripts

    /// The member named `key` (its last occurrence).
    public subscript(key: String) -> JSONLookup {
        guard let value else { return self }
        let path = path.appending(.key(key))
        guard case .object(let object) = value else {
            return JSONLookup(path: path, failure: "expected an object, found \(Self.article(value.kind))")
        }
        guard let member = object[key] else {
            return JSONLookup(path: path, failure: "no member \(JSONValue.string(key).formatted(.compact))")
        }
        return JSONLookup(path: path, value: member)
    }

    /// The element at `index`; negative indices count from the end.
    public subscript(index: Int) -> JSONLookup {
        guard let value else { return self }
        let path = path.appending(.index(index))
        guard case .array(let elements) = value else {
            return JSONLookup(path: path, failure: "expected an array, found \(Self.article(value.kind))")
        }
        let resolved = index < 0 ? elements.count + index : index
        guard elements.indices.contains(resolved) else {
            let noun = elements.count == 1 ? "element" : "elements"
            return JSONLookup(path: path, failure: "index \(index) is out of range (\(elements.count) \(noun))")
        }
        return JSONLookup(path: path, value: elements[resolved])
    }

    // MARK: - Typed getters

    /// The value, or an error naming the path when it is missing.
    public func required() throws(JSONAccessError) -> JSONValue {
        guard let value else { throw JSONAccessError(path: path, reason: failure ?? "missing") }
        return value
    }

    /// The string at the path.
    public func string() throws(JSONAccessError) -> String {
        try typed(.string) { $0.stringValue }
    }

    /// The number at the path, as spelled.
    public func number() throws(JSONAccessError) -> JSONNumber {
        try typed(.number) { $0.numberValue }
    }

    /// The number at the path as an `Int`; fails when it has a fraction or does not fit.
    public func int() throws(JSONAccessError) -> Int {
        let number = try number()
        guard let int = number.intValue else {
            throw JSONAccessError(path: path, reason: "\(number.text) is not an integer that fits an Int")
        }
        return int
    }

    /// The number at the path as a `Double`.
    public func double() throws(JSONAccessError) -> Double { try number().doubleValue }

    /// The boolean at the path.
    public func bool() throws(JSONAccessError) -> Bool {
        try typed(.bool) { $0.boolValue }
    }

    /// The array at the path.
    public func array() throws(JSONAccessError) -> [JSONValue] {
        try typed(.array) { $0.arrayValue }
    }

    /// The object at the path.
    public func object() throws(JSONAccessError) -> JSONObject {
        try typed(.object) { $0.objectValue }
    }

    // MARK: - Internals

    private func typed<T>(_ kind: JSONNodeKind, _ read: (JSONValue) -> T?) throws(JSONAccessError) -> T {
        let value = try required()
        guard let typed = read(value) else {
            throw JSONAccessError(
                path: path, reason: "expected \(Self.article(kind)), found \(Self.article(value.kind))")
        }
        return typed
    }

    static func article(_ kind: JSONNodeKind) -> String {
        switch kind {
        case .null: "null"
        case .array, .object: "an \(kind)"
        default: "a \(kind)"
        }
    }
}

// MARK: - Subscripts on values

extension JSONValue {
    /// The member named `key`, with its path, for chaining: `json["items"][0]["name"]`.
    public subscript(key: String) -> JSONLookup { JSONLookup(path: JSONPath(), value: self)[key] }

    /// The element at `index`, with its path; negative indices count from the end.
    public subscript(index: Int) -> JSONLookup { JSONLookup(path: JSONPath(), value: self)[index] }
}
