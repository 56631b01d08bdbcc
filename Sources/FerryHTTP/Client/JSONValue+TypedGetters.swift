import Foundation

/// The typed getters of ``JSONLookup`` on a `JSONValue` itself, so a value taken out of an array or an object
/// reads the same way as one looked up by path:
///
/// ```swift
/// let tags = try json["tags"].array().map { try $0.string() }
/// ```
///
/// A failure names the value's kind, not its path (an element of an array does not know where it came
/// from); look elements up by index (`json["tags"][2].string()`) when the path matters.
extension JSONValue {
    /// The string this value holds.
    public func string() throws(JSONAccessError) -> String { try typed("a string") { $0.stringValue } }

    /// The number this value holds, as spelled.
    public func number() throws(JSONAccessError) -> JSONNumber { try typed("a number") { $0.numberValue } }

    /// The number this value holds as an `Int`; fails when it has a fraction or does not fit.
    public func int() throws(JSONAccessError) -> Int {
        let number = try number()
        guard let int = number.intValue else {
            throw JSONAccessError(path: JSONPath(), reason: "\(number.text) is not an integer that fits an Int")
        }
        return int
    }

    /// The number this value holds as a `Double`.
    public func double() throws(JSONAccessError) -> Double { try number().doubleValue }

    /// The boolean this value holds.
    public func bool() throws(JSONAccessError) -> Bool { try typed("a boolean") { $0.boolValue } }

    /// The elements of the array this value is.
    public func array() throws(JSONAccessError) -> [JSONValue] { try typed("an array") { $0.arrayValue } }

    /// The members of the object this value is.
    public func object() throws(JSONAccessError) -> JSONObject { try typed("an object") { $0.objectValue } }

    /// `read(self)`, or an error saying the value is not `expected`.
    private func typed<T>(_ expected: String, _ read: (JSONValue) -> T?) throws(JSONAccessError) -> T {
        guard let typed = read(self) else {
            let found =
                switch kind {
                case .null: "null"
                case .array, .object: "an \(kind)"
                default: "a \(kind)"
                }
            throw JSONAccessError(path: JSONPath(), reason: "expected \(expected), found \(found)")
        }
        return typed
    }
}
