import Foundation

/// The keywords of arrays and objects.
extension JSONSchemaValidator {
    mutating func checkArray(_ items: [JSONValue], _ schema: JSONObject, _ location: String) {
        if let maximum = schema["maxItems"]?.intValue, items.count > maximum {
            fail("maxItems", at: location, "has \(items.count) items, more than \(maximum)")
        }
        if let minimum = schema["minItems"]?.intValue, items.count < minimum {
            fail("minItems", at: location, "has \(items.count) items, fewer than \(minimum)")
        }
        if schema["uniqueItems"] == .bool(true), let (first, second) = Self.firstRepeat(in: items) {
            fail("uniqueItems", at: location, "items \(first) and \(second) are equal; items must be unique")
        }
        // 2020-12's prefixItems + items, or draft 4's (OpenAPI 3.0's) items array + additionalItems.
        var prefix: [JSONValue] = []
        var prefixKeyword = "prefixItems"
        var rest: (schema: JSONValue, keyword: String)?
        if let schemas = schema["prefixItems"]?.arrayValue {
            prefix = schemas
            rest = schema["items"].map { ($0, "items") }
        } else if let schemas = schema["items"]?.arrayValue {
            prefix = schemas
            prefixKeyword = "items"
            rest = schema["additionalItems"].map { ($0, "additionalItems") }
        } else {
            rest = schema["items"].map { ($0, "items") }
        }
        for (index, item) in items.enumerated() {
            guard !isDone else { return }
            if index < prefix.count {
                check(item, step: .index(index), prefix[index], Self.appending(prefixKeyword, index, to: location))
            } else if let rest {
                check(item, step: .index(index), rest.schema, Self.appending(rest.keyword, to: location))
            }
        }
        if let contains = schema["contains"] {
            checkContains(items, contains, schema, location)
        }
    }

    private mutating func checkContains(
        _ items: [JSONValue], _ contains: JSONValue, _ schema: JSONObject, _ location: String
    ) {
        let containsLocation = Self.appending("contains", to: location)
        var count = 0
        for (index, item) in items.enumerated() where passes(item, contains, containsLocation, step: .index(index)) {
            count += 1
        }
        let minimum = schema["minContains"]?.intValue ?? 1
        if count < minimum {
            let keyword = schema["minContains"] == nil ? "contains" : "minContains"
            fail(keyword, at: location, "has \(count) items matching `contains`, fewer than \(minimum)")
        }
        if let maximum = schema["maxContains"]?.intValue, count > maximum {
            fail("maxContains", at: location, "has \(count) items matching `contains`, more than \(maximum)")
        }
    }

    /// The indices of the first two equal items (JSON equality: `1 == 1.0`, objects unordered), or `nil`.
    static func firstRepeat(in items: [JSONValue]) -> (Int, Int)? {
        guard items.count > 1 else { return nil }
        for second in 1..<items.count {
            for first in 0..<second where JSONValueOrder.equal(items[first], items[second]) {
                return (first, second)
            }
        }
        return nil
    }

    mutating func checkObject(_ object: JSONObject, _ schema: JSONObject, _ location: String) {
        if let maximum = schema["maxProperties"]?.intValue, object.count > maximum {
            fail("maxProperties", at: location, "has \(object.count) properties, more than \(maximum)")
        }
        if let minimum = schema["minProperties"]?.intValue, object.count < minimum {
            fail("minProperties", at: location, "has \(object.count) properties, fewer than \(minimum)")
        }
        if let required = schema["required"]?.arrayValue {
            let missing = required.compactMap(\.stringValue).filter { object[$0] == nil }
            if !missing.isEmpty {
                let names = missing.map { "'\($0)'" }.joined(separator: ", ")
                fail("required", at: location, "lacks the required propert\(missing.count == 1 ? "y" : "ies") \(names)")
            }
        }
        if let dependencies = schema["dependentRequired"]?.objectValue {
            for member in dependencies where object[member.key] != nil {
                let missing = (member.value.arrayValue ?? []).compactMap(\.stringValue).filter { object[$0] == nil }
                if !missing.isEmpty {
                    let names = missing.map { "'\($0)'" }.joined(separator: ", ")
                    fail("dependentRequired", at: location, "has '\(member.key)' but lacks \(names), which it requires")
                }
            }
        }
        if let dependencies = schema["dependentSchemas"]?.objectValue {
            let base = Self.appending("dependentSchemas", to: location)
            for member in dependencies where object[member.key] != nil {
                check(.object(object), member.value, Self.appending(member.key, to: base))
            }
        }
        checkMembers(object, schema, location)
    }

    private mutating func checkMembers(_ object: JSONObject, _ schema: JSONObject, _ location: String) {
        let properties = schema["properties"]?.objectValue
        let patterns = schema["patternProperties"]?.objectValue
        let additional = schema["additionalProperties"]
        let names = schema["propertyNames"]
        guard properties != nil || patterns != nil || additional != nil || names != nil else { return }
        let propertiesLocation = Self.appending("properties", to: location)
        let patternsLocation = Self.appending("patternProperties", to: location)
        for member in object {
            guard !isDone else { return }
            let step = JSONPathComponent.key(member.key)
            if let names {
                let namesLocation = Self.appending("propertyNames", to: location)
                if let violation = firstViolation(of: .string(member.key), names, namesLocation) {
                    path.append(step)
                    fail("propertyNames", at: location, "the name '\(member.key)' \(violation.message)")
                    path.removeLast()
                }
            }
            var matched = false
            if let schema = properties?[member.key] {
                matched = true
                check(member.value, step: step, schema, Self.appending(member.key, to: propertiesLocation))
            }
            for pattern in patterns ?? [:] {
                guard let expression = cache.pattern(pattern.key) else { continue }
                let range = NSRange(location: 0, length: member.key.utf16.count)
                guard expression.firstMatch(in: member.key, range: range) != nil else { continue }
                matched = true
                check(member.value, step: step, pattern.value, Self.appending(pattern.key, to: patternsLocation))
            }
            if !matched, let additional {
                if additional == .bool(false) {
                    path.append(step)
                    fail("additionalProperties", at: location, "is a property the schema does not allow")
                    path.removeLast()
                } else {
                    check(member.value, step: step, additional, Self.appending("additionalProperties", to: location))
                }
            }
        }
    }
}
