import Foundation

/// The keywords of arrays and objects.
extension JSONSchemaValidator {
    mutating func checkArray(_ items: [JSONValue], _ node: JSONSchemaNode) {
        if let maximum = node.maxItems, items.count > maximum {
            fail("maxItems", of: node, "has \(items.count) items, more than \(maximum)")
        }
        if let minimum = node.minItems, items.count < minimum {
            fail("minItems", of: node, "has \(items.count) items, fewer than \(minimum)")
        }
        if node.uniqueItems, let (first, second) = Self.firstRepeat(in: items) {
            fail("uniqueItems", of: node, "items \(first) and \(second) are equal; items must be unique")
        }
        // 2020-12's prefixItems + items, or draft 4's (OpenAPI 3.0's) items array + additionalItems.
        let prefix = node.prefixItems?.nodes ?? []
        let rest = node.restItems
        if !prefix.isEmpty || rest != nil {
            for (index, item) in items.enumerated() {
                guard !isDone else { return }
                if index < prefix.count {
                    check(item, step: .index(index), prefix[index])
                } else if let rest {
                    check(item, step: .index(index), rest)
                }
            }
        }
        if let contains = node.contains { checkContains(items, contains, node) }
    }

    private mutating func checkContains(_ items: [JSONValue], _ contains: JSONSchemaNode, _ node: JSONSchemaNode) {
        var count = 0
        for (index, item) in items.enumerated() where passes(item, contains, step: .index(index)) {
            count += 1
        }
        let minimum = node.minContains ?? 1
        if count < minimum {
            let keyword = node.minContains == nil ? "contains" : "minContains"
            fail(keyword, of: node, "has \(count) items matching `contains`, fewer than \(minimum)")
        }
        if let maximum = node.maxContains, count > maximum {
            fail("maxContains", of: node, "has \(count) items matching `contains`, more than \(maximum)")
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

    mutating func checkObject(_ object: JSONObject, _ node: JSONSchemaNode) {
        if let maximum = node.maxProperties, object.count > maximum {
            fail("maxProperties", of: node, "has \(object.count) properties, more than \(maximum)")
        }
        if let minimum = node.minProperties, object.count < minimum {
            fail("minProperties", of: node, "has \(object.count) properties, fewer than \(minimum)")
        }
        if !node.required.isEmpty {
            let missing = node.required.filter { object[$0] == nil }
            if !missing.isEmpty {
                let names = missing.map { "'\($0)'" }.joined(separator: ", ")
                fail("required", of: node, "lacks the required propert\(missing.count == 1 ? "y" : "ies") \(names)")
            }
        }
        for dependency in node.dependentRequired where object[dependency.key] != nil {
            let missing = dependency.names.filter { object[$0] == nil }
            if !missing.isEmpty {
                let names = missing.map { "'\($0)'" }.joined(separator: ", ")
                fail("dependentRequired", of: node, "has '\(dependency.key)' but lacks \(names), which it requires")
            }
        }
        for dependency in node.dependentSchemas ?? [] where object[dependency.key] != nil {
            check(.object(object), dependency.node)
        }
        if node.checksMembers { checkMembers(object, node) }
    }

    private mutating func checkMembers(_ object: JSONObject, _ node: JSONSchemaNode) {
        let properties = node.properties
        let patterns = node.patternProperties
        let additional = node.additionalProperties
        let names = node.propertyNames
        for member in object {
            guard !isDone else { return }
            let step = JSONPathComponent.key(member.key)
            if let names, let violation = firstViolation(of: .string(member.key), names) {
                path.append(step)
                fail("propertyNames", of: node, "the name '\(member.key)' \(violation.message)")
                path.removeLast()
            }
            var matched = false
            if let schema = properties?[member.key] {
                matched = true
                check(member.value, step: step, schema)
            }
            for pattern in patterns ?? [] {
                guard let expression = pattern.expression else { continue }
                let range = NSRange(location: 0, length: member.key.utf16.count)
                guard expression.firstMatch(in: member.key, range: range) != nil else { continue }
                matched = true
                check(member.value, step: step, pattern.node)
            }
            if !matched, let additional {
                if additional.boolean == false {
                    path.append(step)
                    fail("additionalProperties", of: node, "is a property the schema does not allow")
                    path.removeLast()
                } else {
                    check(member.value, step: step, additional)
                }
            }
        }
    }
}
