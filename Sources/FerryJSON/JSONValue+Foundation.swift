import Foundation

// MARK: - Foundation objects

extension JSONValue {
    /// Why a Foundation object has no JSON equivalent.
    public struct BridgeError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The path of the offending value.
        public var path: JSONPath
        /// The offending value's type.
        public var typeName: String

        /// `path: TYPE is not a JSON value`.
        public var description: String { "\(path): \(typeName) is not a JSON value" }
    }

    /// The value as the objects `JSONSerialization` uses: `NSNull`, `Bool`, `Int` (or `Double` when the number
    /// has a fraction, an exponent or does not fit), `String`, `[Any]`, and `[String: Any]` (where the last
    /// duplicate key wins and the order is lost).
    public var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let flag): flag
        case .number(let number):
            if number.isInteger, let int = Int(number.text) { int } else { number.doubleValue }
        case .string(let string): string
        case .array(let elements): elements.map(\.foundationObject)
        case .object(let object):
            Dictionary(object.members.map { ($0.key, $0.value.foundationObject) }) { _, last in last }
        }
    }

    /// The value of a Foundation object such as `JSONSerialization` returns; dictionary keys are sorted,
    /// since a dictionary has no order.
    public init(foundationObject object: Any) throws(BridgeError) {
        try self.init(foundationObject: object, path: JSONPath())
    }

    private init(foundationObject object: Any, path: JSONPath) throws(BridgeError) {
        if type(of: object) is NSNumber.Type, let number = object as? NSNumber {
            self = Self(number: number)
            return
        }
        switch object {
        case is NSNull: self = .null
        case let flag as Bool: self = .bool(flag)
        case let int as Int: self = .number(JSONNumber(int))
        case let double as Double:
            guard let number = JSONNumber(double) else { throw BridgeError(path: path, typeName: "\(double)") }
            self = .number(number)
        case let string as String: self = .string(string)
        case let array as [Any]:
            var elements: [JSONValue] = []
            for (index, element) in array.enumerated() {
                elements.append(try JSONValue(foundationObject: element, path: path.appending(.index(index))))
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            var members: [JSONMember] = []
            for key in dictionary.keys.sorted() {
                let value = try JSONValue(foundationObject: dictionary[key] as Any, path: path.appending(.key(key)))
                members.append(JSONMember(key: key, value: value))
            }
            self = .object(JSONObject(members))
        default:
            throw BridgeError(path: path, typeName: String(describing: type(of: object)))
        }
    }

    /// An `NSNumber` from `JSONSerialization`: booleans are stored as `c` (char), integers keep their digits.
    private init(number: NSNumber) {
        let type = String(cString: number.objCType)
        if type == "c" || type == "B" {
            self = .bool(number.boolValue)
        } else if ["d", "f"].contains(type) {
            self = JSONNumber(number.doubleValue).map(JSONValue.number) ?? .null
        } else {
            self = .number(JSONNumber(validated: number.stringValue))
        }
    }
}

// MARK: - Codable

extension JSONValue {
    /// Decodes a `Decodable` from the value (through `JSONDecoder`).
    ///
    /// ```swift
    /// struct User: Decodable { var name: String }
    /// let user = try json["user"].required().decode(User.self)
    /// ```
    public func decode<Value: Decodable>(_ type: Value.Type, using decoder: JSONDecoder = JSONDecoder()) throws
        -> Value
    {
        try decoder.decode(type, from: Data(formattedBytes(.compact)))
    }

    /// The JSON value of an `Encodable` (through `JSONEncoder`; pass one with `.sortedKeys` for stable order).
    public init(encoding value: some Encodable, using encoder: JSONEncoder = JSONEncoder()) throws {
        self = try JSONValue(parsing: encoder.encode(value))
    }
}
