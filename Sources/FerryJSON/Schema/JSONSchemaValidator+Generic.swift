/// The keywords that apply to any instance: `type`, `enum`, `const`, and the applicators that combine schemas.
extension JSONSchemaValidator {
    mutating func checkType(_ instance: JSONValue, _ schema: JSONObject, _ location: String) {
        guard let type = schema["type"] else { return }
        let names: [String]
        switch type {
        case .string(let name): names = [name]
        case .array(let items): names = items.compactMap(\.stringValue)
        default: return
        }
        guard !names.contains(where: { Self.instance(instance, isOfType: $0) }) else { return }
        let expected = names.map(Self.article).joined(separator: " or ")
        fail("type", at: location, "is \(Self.article(Self.typeName(of: instance))), not \(expected)")
    }

    mutating func checkValues(_ instance: JSONValue, _ schema: JSONObject, _ location: String) {
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(where: { JSONValueOrder.equal($0, instance) }) {
            let listed = allowed.prefix(8).map(Self.preview).joined(separator: ", ")
            let more = allowed.count > 8 ? ", …" : ""
            fail("enum", at: location, "\(Self.preview(instance)) is not one of \(listed)\(more)")
        }
        if let constant = schema["const"], !JSONValueOrder.equal(constant, instance) {
            fail("const", at: location, "\(Self.preview(instance)) is not \(Self.preview(constant))")
        }
    }

    mutating func checkCombinations(_ instance: JSONValue, _ schema: JSONObject, _ location: String) {
        if let schemas = schema["allOf"]?.arrayValue {
            for (index, part) in schemas.enumerated() {
                check(instance, part, Self.appending("allOf", index, to: location))
            }
        }
        if let schemas = schema["anyOf"]?.arrayValue {
            var reasons: [String] = []
            for (index, part) in schemas.enumerated() {
                guard let violation = firstViolation(of: instance, part, Self.appending("anyOf", index, to: location))
                else {
                    reasons = []
                    break
                }
                reasons.append("#\(index): \(violation.instancePath.normalized) \(violation.message)")
            }
            if !reasons.isEmpty {
                fail(
                    "anyOf", at: location,
                    "matches none of the \(schemas.count) schemas (\(reasons.joined(separator: "; ")))")
            }
        }
        if let schemas = schema["oneOf"]?.arrayValue {
            var matching: [Int] = []
            var reasons: [String] = []
            for (index, part) in schemas.enumerated() {
                if let violation = firstViolation(of: instance, part, Self.appending("oneOf", index, to: location)) {
                    reasons.append("#\(index): \(violation.instancePath.normalized) \(violation.message)")
                } else {
                    matching.append(index)
                }
            }
            if matching.isEmpty {
                fail(
                    "oneOf", at: location,
                    "matches none of the \(schemas.count) schemas (\(reasons.joined(separator: "; ")))")
            } else if matching.count > 1 {
                let which = matching.map { "#\($0)" }.joined(separator: ", ")
                fail("oneOf", at: location, "matches \(matching.count) schemas (\(which)), not exactly one")
            }
        }
        if let negated = schema["not"], passes(instance, negated, Self.appending("not", to: location)) {
            fail("not", at: location, "matches the schema it must not match")
        }
        if let condition = schema["if"] {
            if passes(instance, condition, Self.appending("if", to: location)) {
                if let then = schema["then"] { check(instance, then, Self.appending("then", to: location)) }
            } else if let otherwise = schema["else"] {
                check(instance, otherwise, Self.appending("else", to: location))
            }
        }
    }

    // MARK: - Words

    /// Whether `instance` is of the JSON Schema type `name` (`integer`: a number with no fractional part, `1.0`
    /// included).
    static func instance(_ instance: JSONValue, isOfType name: String) -> Bool {
        switch (name, instance) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
            ("number", .number):
            return true
        case ("integer", .number(let number)):
            if number.isInteger { return true }
            let value = number.doubleValue
            return value.isFinite && value.rounded(.towardZero) == value
        default:
            return false
        }
    }

    /// The JSON Schema type name of `instance` (`integer` for a whole number).
    static func typeName(of instance: JSONValue) -> String {
        switch instance {
        case .null: "null"
        case .bool: "boolean"
        case .number: Self.instance(instance, isOfType: "integer") ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// `a string`, `an integer`, `null`.
    static func article(_ typeName: String) -> String {
        switch typeName {
        case "null": "null"
        case "integer", "object", "array": "an \(typeName)"
        default: "a \(typeName)"
        }
    }

    /// `instance` in JSON, cut to 60 characters.
    static func preview(_ instance: JSONValue) -> String {
        let text = instance.formatted(.compact)
        return text.count <= 60 ? text : String(text.prefix(59)) + "…"
    }
}
