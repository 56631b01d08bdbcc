import Foundation

/// One schema of a validation, read once: its keywords picked out of the object and its subschemas compiled on
/// first use, each with its location worked out once. An instance of 40,000 objects looks a keyword up in a
/// stored property, not by scanning the schema's members for every value.
final class JSONSchemaNode {
    /// Where the schema sits in the document (`#/components/schemas/Pet`).
    let location: String
    /// `true` or `false` for a boolean schema; `nil` for an object (anything else counts as `true`).
    let boolean: Bool?

    // Keywords that apply to any instance.
    private(set) var nullable = false
    private(set) var reference: String?
    private(set) var types: [String]?
    private(set) var enumValues: [JSONValue]?
    private(set) var constant: JSONValue?
    // Numbers.
    private(set) var multipleOf: JSONNumber?
    private(set) var maximum: JSONNumber?
    private(set) var minimum: JSONNumber?
    private(set) var exclusiveMaximum: JSONNumber?
    private(set) var exclusiveMinimum: JSONNumber?
    private(set) var maximumIsExclusive = false
    private(set) var minimumIsExclusive = false
    // Strings.
    private(set) var maxLength: Int?
    private(set) var minLength: Int?
    private(set) var pattern: String?
    private(set) var format: String?
    // Arrays.
    private(set) var maxItems: Int?
    private(set) var minItems: Int?
    private(set) var uniqueItems = false
    private(set) var maxContains: Int?
    private(set) var minContains: Int?
    // Objects.
    private(set) var required: [String] = []
    private(set) var dependentRequired: [(key: String, names: [String])] = []
    private(set) var maxProperties: Int?
    private(set) var minProperties: Int?

    // Subschemas, as written.
    private var raw: [String: JSONValue] = [:]

    /// The schema `value` at `location`.
    init(_ value: JSONValue, at location: String) {
        self.location = location
        guard case .object(let keywords) = value else {
            boolean = value.boolValue ?? true
            return
        }
        boolean = nil
        for member in keywords { read(member.key, member.value) }
    }

    private func read(_ keyword: String, _ value: JSONValue) {
        switch keyword {
        case "nullable": nullable = value == .bool(true)
        case "$ref": reference = value.stringValue
        case "type":
            switch value {
            case .string(let name): types = [name]
            case .array(let names): types = names.compactMap(\.stringValue)
            default: types = nil
            }
        case "enum": enumValues = value.arrayValue
        case "const": constant = value
        case "multipleOf": multipleOf = value.numberValue
        case "maximum": maximum = value.numberValue
        case "minimum": minimum = value.numberValue
        case "exclusiveMaximum":
            exclusiveMaximum = value.numberValue
            maximumIsExclusive = value == .bool(true)
        case "exclusiveMinimum":
            exclusiveMinimum = value.numberValue
            minimumIsExclusive = value == .bool(true)
        case "maxLength": maxLength = value.intValue
        case "minLength": minLength = value.intValue
        case "pattern": pattern = value.stringValue
        case "format": format = value.stringValue
        case "maxItems": maxItems = value.intValue
        case "minItems": minItems = value.intValue
        case "uniqueItems": uniqueItems = value == .bool(true)
        case "maxContains": maxContains = value.intValue
        case "minContains": minContains = value.intValue
        case "required": required = (value.arrayValue ?? []).compactMap(\.stringValue)
        case "dependentRequired":
            dependentRequired = (value.objectValue ?? [:]).map {
                (key: $0.key, names: ($0.value.arrayValue ?? []).compactMap(\.stringValue))
            }
        case "maxProperties": maxProperties = value.intValue
        case "minProperties": minProperties = value.intValue
        case "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "prefixItems", "items", "additionalItems",
            "contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
            "dependentSchemas":
            raw[keyword] = value
        default: break
        }
    }

    // MARK: - Subschemas

    /// The schema under `keyword`, compiled.
    private func child(_ keyword: String) -> JSONSchemaNode? {
        raw[keyword].map { JSONSchemaNode($0, at: JSONSchemaValidator.appending(keyword, to: location)) }
    }

    /// The schemas of the array under `keyword`, compiled; `nil` when it is not an array.
    private func children(_ keyword: String) -> [JSONSchemaNode]? {
        guard let items = raw[keyword]?.arrayValue else { return nil }
        return items.enumerated().map {
            JSONSchemaNode($0.element, at: JSONSchemaValidator.appending(keyword, $0.offset, to: location))
        }
    }

    /// The schemas of the object under `keyword`, compiled, by name, in order.
    private func members(_ keyword: String) -> [(key: String, node: JSONSchemaNode)]? {
        guard let object = raw[keyword]?.objectValue else { return nil }
        let base = JSONSchemaValidator.appending(keyword, to: location)
        return object.map {
            (key: $0.key, node: JSONSchemaNode($0.value, at: JSONSchemaValidator.appending($0.key, to: base)))
        }
    }

    private(set) lazy var allOf: [JSONSchemaNode]? = children("allOf")
    private(set) lazy var anyOf: [JSONSchemaNode]? = children("anyOf")
    private(set) lazy var oneOf: [JSONSchemaNode]? = children("oneOf")
    private(set) lazy var not: JSONSchemaNode? = child("not")
    private(set) lazy var condition: JSONSchemaNode? = child("if")
    private(set) lazy var then: JSONSchemaNode? = child("then")
    private(set) lazy var otherwise: JSONSchemaNode? = child("else")
    private(set) lazy var contains: JSONSchemaNode? = child("contains")
    private(set) lazy var propertyNames: JSONSchemaNode? = child("propertyNames")
    private(set) lazy var additionalProperties: JSONSchemaNode? = child("additionalProperties")
    private(set) lazy var dependentSchemas: [(key: String, node: JSONSchemaNode)]? = members("dependentSchemas")
    /// `properties` by name (the last of a repeated name).
    private(set) lazy var properties: [String: JSONSchemaNode]? = members("properties").map {
        Dictionary($0.map { ($0.key, $0.node) }) { _, last in last }
    }
    /// `patternProperties`, each pattern compiled (`nil` when it does not compile: it then matches nothing).
    private(set) lazy var patternProperties: [(expression: NSRegularExpression?, node: JSONSchemaNode)]? =
        members("patternProperties")?.map { (expression: try? NSRegularExpression(pattern: $0.key), node: $0.node) }
    /// 2020-12's `prefixItems` (or draft 4's `items` array), with the keyword it came from.
    private(set) lazy var prefixItems: (keyword: String, nodes: [JSONSchemaNode])? =
        children("prefixItems").map { ("prefixItems", $0) } ?? children("items").map { ("items", $0) }
    /// The schema of the items after the prefix: `items` (an object or boolean), or draft 4's `additionalItems`
    /// beside an `items` array.
    private(set) lazy var restItems: JSONSchemaNode? =
        raw["items"]?.arrayValue != nil ? child("additionalItems") : child("items")
    /// Whether `patternProperties`, `properties`, `additionalProperties` or `propertyNames` is present.
    private(set) lazy var checksMembers: Bool =
        raw["properties"] != nil || raw["patternProperties"] != nil || raw["additionalProperties"] != nil
        || raw["propertyNames"] != nil
    /// Whether `allOf`, `anyOf`, `oneOf`, `not` or `if` is present.
    private(set) lazy var combines: Bool =
        raw["allOf"] != nil || raw["anyOf"] != nil || raw["oneOf"] != nil || raw["not"] != nil || raw["if"] != nil
}
