import Foundation

/// A JSON value that keeps what was sent: object key order, duplicate keys, and numbers as spelled.
///
/// Parse bytes, `Data` or text; read with subscripts that remember their path, so a typed getter's
/// error says where it failed; print compactly or pretty with stable output.
///
/// ```swift
/// let json = try JSONValue(parsing: #"{"items": [{"name": "ferry", "size": 12345678901234567890}]}"#)
/// let name = try json["items"][0]["name"].string()            // "ferry"
/// let size = json["items"][0]["size"].value?.numberValue?.text  // "12345678901234567890", exactly
/// _ = try json["items"][1]["name"].string()  // throws: .items[1]: index 1 is out of range (1 element)
/// print(json.formatted(.pretty(indent: 2)))
/// let body: JSONValue = ["query": "swift", "limit": 10]      // literals keep their order too
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as spelled.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document order.
    case object(JSONObject)

    // MARK: - Parsing

    /// Parses `bytes`.
    public init(parsing bytes: [UInt8], options: JSONParseOptions = .strict) throws(JSONParseError) {
        let document = try JSONDocument(parsing: bytes, options: options)
        self = document.value(at: document.root)
    }

    /// Parses `data`, such as a response body.
    public init(parsing data: Data, options: JSONParseOptions = .strict) throws(JSONParseError) {
        try self.init(parsing: [UInt8](data), options: options)
    }

    /// Parses the UTF-8 of `text`.
    public init(parsing text: String, options: JSONParseOptions = .strict) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8), options: options)
    }

    // MARK: - Reading

    /// The kind of the value.
    public var kind: JSONNodeKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// Whether the value is `null`.
    public var isNull: Bool { self == .null }
    /// The boolean, when the value is one.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The number as spelled, when the value is one.
    public var numberValue: JSONNumber? { if case .number(let value) = self { value } else { nil } }
    /// The number as an `Int`, when the value is an integral number that fits.
    public var intValue: Int? { numberValue?.intValue }
    /// The number as a `Double`, when the value is a number.
    public var doubleValue: Double? { numberValue?.doubleValue }
    /// The string, when the value is one.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    /// The members, when the value is an object.
    public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// A floating-point number (must be finite).
    public init(floatLiteral value: Double) { self = JSONNumber(value).map(JSONValue.number) ?? .null }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONMember(key: $0.0, value: $0.1) }))
    }
}
