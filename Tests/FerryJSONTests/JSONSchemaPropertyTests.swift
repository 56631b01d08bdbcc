import FerryJSON
import FerryTestSupport
import Testing

/// Generated cases for ``JSONSchema`` (the JSON Schema Test Suite is not in `../shared/corpus`): for random
/// documents, the schema that describes a document exactly (types, every property required, no others, items,
/// bounds) accepts it; changing one leaf to another type gives exactly one violation, at that leaf's normalized
/// path; adding an unknown property gives one `additionalProperties` violation at the new member.
@Suite(.offThePool) struct JSONSchemaPropertyTests {
    /// A random value up to `depth` levels deep.
    static func value(depth: Int, _ generator: inout SeededGenerator) -> JSONValue {
        let kind = Int.random(in: depth > 0 ? 0...6 : 0...3, using: &generator)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(JSONNumber(Int.random(in: -1000...1000, using: &generator)))
        case 3:
            let characters = ["a", "é", "'", "\\", "日", " ", "\n", "z"]
            let count = Int.random(in: 0...6, using: &generator)
            return .string((0..<count).map { _ in characters.randomElement(using: &generator) ?? "a" }.joined())
        case 4:
            let count = Int.random(in: 0...4, using: &generator)
            return .array((0..<count).map { _ in value(depth: depth - 1, &generator) })
        default:
            let count = Int.random(in: 0...4, using: &generator)
            var object = JSONObject()
            for index in 0..<count {
                object["k\(index)\(["", " x", "'q", "~/"].randomElement(using: &generator) ?? "")"] = value(
                    depth: depth - 1, &generator)
            }
            return .object(object)
        }
    }

    /// The schema only `value` (and values of the same shape) fits.
    static func schema(describing value: JSONValue) -> JSONValue {
        switch value {
        case .null: return ["type": "null"]
        case .bool: return ["type": "boolean"]
        case .number(let number): return ["type": "integer", "minimum": .number(number), "maximum": .number(number)]
        case .string(let string):
            let length = JSONValue.number(JSONNumber(string.unicodeScalars.count))
            return ["type": "string", "minLength": length, "maxLength": length]
        case .array(let items):
            return [
                "type": "array", "prefixItems": .array(items.map(schema(describing:))), "items": false,
                "minItems": .number(JSONNumber(items.count)),
            ]
        case .object(let object):
            var properties = JSONObject()
            for member in object { properties[member.key] = schema(describing: member.value) }
            return [
                "type": "object", "properties": .object(properties),
                "required": .array(object.keys.map(JSONValue.string)),
                "additionalProperties": false,
            ]
        }
    }

    /// Every leaf (a scalar, an empty array or object) of `value` with its path.
    static func leaves(of value: JSONValue, at path: [JSONPathComponent] = []) -> [[JSONPathComponent]] {
        switch value {
        case .array(let items) where !items.isEmpty:
            return items.enumerated().flatMap { leaves(of: $0.element, at: path + [.index($0.offset)]) }
        case .object(let object) where !object.isEmpty:
            return object.flatMap { leaves(of: $0.value, at: path + [.key($0.key)]) }
        default:
            return [path]
        }
    }

    /// `value` with the value at `path` replaced by `replacement`.
    static func replacing(_ path: ArraySlice<JSONPathComponent>, in value: JSONValue, with replacement: JSONValue)
        -> JSONValue
    {
        guard let first = path.first else { return replacement }
        switch (first, value) {
        case (.index(let index), .array(var items)):
            items[index] = replacing(path.dropFirst(), in: items[index], with: replacement)
            return .array(items)
        case (.key(let key), .object(var object)):
            object[key] = replacing(path.dropFirst(), in: object[key] ?? .null, with: replacement)
            return .object(object)
        default:
            return value
        }
    }

    @Test func describedDocumentsConformAndEachChangedLeafIsReportedAtItsPath() {
        var generator = SeededGenerator(seed: 0x5C4E_3A)
        var checkedLeaves = 0
        for _ in 0..<300 {
            let document = Self.value(depth: 4, &generator)
            let schema = JSONSchema(Self.schema(describing: document))
            #expect(schema.violations(of: document).isEmpty, "\(document.formatted(.compact))")
            for leaf in Self.leaves(of: document) {
                let original = Self.value(at: leaf, in: document)
                // A value of another type: a string for anything but a string, else a number.
                let replacement: JSONValue = original?.stringValue == nil ? "changed" : 7
                let changed = Self.replacing(leaf[...], in: document, with: replacement)
                let violations = schema.violations(of: changed)
                #expect(violations.count == 1, "\(changed.formatted(.compact)): \(violations)")
                #expect(violations.first?.instancePath == JSONPath(leaf))
                #expect(violations.first?.keyword == "type")
                #expect(!schema.accepts(changed))
                checkedLeaves += 1
            }
            if case .object(var object) = document {
                object["unexpected"] = 1
                let violations = schema.violations(of: .object(object))
                #expect(violations.map(\.instancePath.normalized) == ["$['unexpected']"])
                #expect(violations.map(\.keyword) == ["additionalProperties"])
            }
        }
        #expect(checkedLeaves > 500)
    }

    /// The value at `path`.
    static func value(at path: [JSONPathComponent], in value: JSONValue) -> JSONValue? {
        var current = value
        for component in path {
            switch (component, current) {
            case (.index(let index), .array(let items)): current = items[index]
            case (.key(let key), .object(let object)): current = object[key] ?? .null
            default: return nil
            }
        }
        return current
    }
}
