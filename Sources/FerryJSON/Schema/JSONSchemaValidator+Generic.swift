/// The keywords that apply to any instance: `type`, `enum`, `const`, and the applicators that combine schemas.
extension JSONSchemaValidator {
    mutating func checkType(_ instance: JSONValue, _ node: JSONSchemaNode) {
        guard let names = node.types else { return }
        guard !names.contains(where: { Self.instance(instance, isOfType: $0) }) else { return }
        let expected = names.map(Self.article).joined(separator: " or ")
        fail("type", of: node, "is \(Self.article(Self.typeName(of: instance))), not \(expected)")
    }

    mutating func checkValues(_ instance: JSONValue, _ node: JSONSchemaNode) {
        if let allowed = node.enumValues, !allowed.contains(where: { JSONValueOrder.equal($0, instance) }) {
            let listed = allowed.prefix(8).map(Self.preview).joined(separator: ", ")
            let more = allowed.count > 8 ? ", …" : ""
            fail("enum", of: node, "\(Self.preview(instance)) is not one of \(listed)\(more)")
        }
        if let constant = node.constant, !JSONValueOrder.equal(constant, instance) {
            fail("const", of: node, "\(Self.preview(instance)) is not \(Self.preview(constant))")
        }
    }

    mutating func checkCombinations(_ instance: JSONValue, _ node: JSONSchemaNode) {
        for part in node.allOf ?? [] { check(instance, part) }
        if let schemas = node.anyOf {
            var reasons: [String] = []
            for (index, part) in schemas.enumerated() {
                guard let violation = firstViolation(of: instance, part) else {
                    reasons = []
                    break
                }
                reasons.append("#\(index): \(violation.instancePath.normalized) \(violation.message)")
            }
            if !reasons.isEmpty {
                fail(
                    "anyOf", of: node,
                    "matches none of the \(schemas.count) schemas (\(reasons.joined(separator: "; ")))")
            }
        }
        if let schemas = node.oneOf {
            var matching: [Int] = []
            var reasons: [String] = []
            for (index, part) in schemas.enumerated() {
                if let violation = firstViolation(of: instance, part) {
                    reasons.append("#\(index): \(violation.instancePath.normalized) \(violation.message)")
                } else {
                    matching.append(index)
                }
            }
            if matching.isEmpty {
                fail(
                    "oneOf", of: node,
                    "matches none of the \(schemas.count) schemas (\(reasons.joined(separator: "; ")))")
            } else if matching.count > 1 {
                let which = matching.map { "#\($0)" }.joined(separator: ", ")
                fail("oneOf", of: node, "matches \(matching.count) schemas (\(which)), not exactly one")
            }
        }
        if let negated = node.not, passes(instance, negated) {
            fail("not", of: node, "matches the schema it must not match")
        }
        if let condition = node.condition {
            if passes(instance, condition) {
                if let then = node.then { check(instance, then) }
            } else if let otherwise = node.otherwise {
                check(instance, otherwise)
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
