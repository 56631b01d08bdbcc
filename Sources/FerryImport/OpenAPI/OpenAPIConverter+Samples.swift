import FerryJSON

// MARK: - Example values from schemas

extension OpenAPIConverter {
    /// The deepest nesting a sample goes to; deeper objects and arrays are empty.
    static let sampleDepthLimit = 10
    /// The most object members and array items one sample holds.
    static let sampleNodeLimit = 2_000
    /// The most nested schemas (`allOf`/`oneOf` parts included) a sample walks through.
    static let sampleNestingLimit = 64

    /// An example value for `schema` (at `pointer`): its `example`, `default`, `const` or first `enum`
    /// value, else built from its type: objects with every property but read-only ones, arrays of one
    /// item, strings by `format`. `allOf` parts are merged, the first `oneOf`/`anyOf` choice is used, and a
    /// `$ref` already being expanded (a cycle) gives `null`, as does nesting past ``sampleNestingLimit``.
    mutating func sample(_ schema: JSONValue, at pointer: String, depth: Int, visiting: [String]) -> JSONValue {
        guard var object = schema.objectValue, sampleNesting < Self.sampleNestingLimit else { return .null }
        sampleNesting += 1
        defer { sampleNesting -= 1 }
        var pointer = pointer
        var visiting = visiting
        if let reference = object["$ref"]?.stringValue {
            let target = OpenAPIPointer.pointer(ofReference: reference)
            if let target, visiting.contains(target) { return .null }
            guard let (value, resolvedPointer) = resolved(schema, at: pointer), let resolvedObject = value.objectValue
            else { return .null }
            if let target { visiting.append(target) }
            object = resolvedObject
            pointer = resolvedPointer
        }
        if let example = object["example"] { return example }
        if let example = object["examples"]?.arrayValue?.first { return example }
        if let value = object["default"] { return value }
        if let value = object["const"] { return value }
        if let value = object["enum"]?.arrayValue?.first(where: { $0 != .null }) { return value }

        if let parts = object["allOf"]?.arrayValue {
            var merged = JSONObject()
            var other: JSONValue?
            for (index, part) in parts.enumerated() {
                let partPointer = OpenAPIPointer.appending("allOf", to: pointer) + "/\(index)"
                let value = sample(part, at: partPointer, depth: depth, visiting: visiting)
                if let members = value.objectValue {
                    for member in members.members { merged[member.key] = member.value }
                } else if other == nil, value != .null {
                    other = value
                }
            }
            var own = object
            own["allOf"] = nil
            if own["properties"] != nil,
                let extra = sample(.object(own), at: pointer, depth: depth, visiting: visiting).objectValue
            {
                for member in extra.members { merged[member.key] = member.value }
            }
            return merged.isEmpty ? other ?? .object(merged) : .object(merged)
        }
        for key in ["oneOf", "anyOf"] {
            guard let choices = object[key]?.arrayValue, !choices.isEmpty else { continue }
            let index = choices.firstIndex { $0.objectValue?["type"]?.stringValue != "null" } ?? 0
            let choicePointer = OpenAPIPointer.appending(key, to: pointer) + "/\(index)"
            return sample(choices[index], at: choicePointer, depth: depth, visiting: visiting)
        }
        return sampleByType(object, at: pointer, depth: depth, visiting: visiting)
    }

    /// A sample built from the schema's `type` (inferred from `properties` or `items` when missing).
    private mutating func sampleByType(_ object: JSONObject, at pointer: String, depth: Int, visiting: [String])
        -> JSONValue
    {
        var type = object["type"]?.stringValue
        if type == nil, let types = object["type"]?.arrayValue {
            type = types.compactMap(\.stringValue).first { $0 != "null" } ?? "null"
        }
        if type == nil {
            if object["properties"] != nil || object["additionalProperties"] != nil { type = "object" }
            if object["items"] != nil { type = "array" }
        }
        switch type {
        case "object":
            guard depth < Self.sampleDepthLimit else { return .object([:]) }
            var result = JSONObject()
            let propertiesPointer = OpenAPIPointer.appending("properties", to: pointer)
            for member in object["properties"]?.objectValue?.members ?? [] {
                guard sampleBudget > 0 else { break }
                if member.value.objectValue?["readOnly"]?.boolValue == true { continue }
                sampleBudget -= 1
                result[member.key] = sample(
                    member.value, at: OpenAPIPointer.appending(member.key, to: propertiesPointer), depth: depth + 1,
                    visiting: visiting)
            }
            if result.isEmpty, let additional = object["additionalProperties"], additional.objectValue != nil,
                sampleBudget > 0
            {
                sampleBudget -= 1
                result["key"] = sample(
                    additional, at: OpenAPIPointer.appending("additionalProperties", to: pointer), depth: depth + 1,
                    visiting: visiting)
            }
            return .object(result)
        case "array":
            guard depth < Self.sampleDepthLimit, sampleBudget > 0, let items = object["items"] else {
                return .array([])
            }
            sampleBudget -= 1
            let item = sample(
                items, at: OpenAPIPointer.appending("items", to: pointer), depth: depth + 1, visiting: visiting)
            return .array(item == .null ? [] : [item])
        case "string": return .string(Self.sampleString(format: object["format"]?.stringValue))
        case "integer": return .number(JSONNumber(object["minimum"]?.intValue.map { max($0, 0) } ?? 0))
        case "number": return object["minimum"].flatMap { $0.numberValue.map(JSONValue.number) } ?? 0
        case "boolean": return true
        case "file": return .string("")
        default: return .null
        }
    }

    /// A sample string for `format`.
    static func sampleString(format: String?) -> String {
        switch format {
        case "date-time": "2024-01-01T00:00:00Z"
        case "date": "2024-01-01"
        case "time": "12:00:00"
        case "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "email": "user@example.com"
        case "uri", "url", "uri-reference": "https://example.com"
        case "hostname": "example.com"
        case "ipv4": "192.0.2.1"
        case "ipv6": "2001:db8::1"
        case "byte": "U3dhZ2dlciByb2Nrcw=="
        case "password": "password"
        case "binary": ""
        default: "string"
        }
    }
}
