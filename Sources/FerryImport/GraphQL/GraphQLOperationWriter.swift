import FerryJSON
import FerryWorkbench

/// Writes the body of an imported `GRAPHQL` request for one root field: the operation (a variable per
/// argument, the field's scalar fields selected down to ``maximumDepth`` levels, at most
/// ``maximumFieldsPerLevel`` a level, no type twice on one path) and a variables block of sample values.
struct GraphQLOperationWriter {
    /// How many levels of object fields below the root field are selected.
    static let maximumDepth = 3
    /// The most fields selected on one level.
    static let maximumFieldsPerLevel = 40

    let schema: GraphQLSchema

    /// The query text and, when the field takes arguments, a blank line and the variables JSON.
    func body(kind: String, field: GraphQLFieldDefinition) -> String {
        let name = field.name.prefix(1).uppercased() + field.name.dropFirst()
        var lines: [String] = []
        let declared = field.arguments.map { "$\($0.name): \($0.type)" }.joined(separator: ", ")
        lines.append("\(kind) \(name)" + (declared.isEmpty ? "" : "(\(declared))") + " {")
        let passed = field.arguments.map { "\($0.name): $\($0.name)" }.joined(separator: ", ")
        let call = "  " + field.name + (passed.isEmpty ? "" : "(\(passed))")
        let selection = selections(of: field.type.namedType, depth: 1, path: [], indent: "    ")
        if selection.isEmpty {
            lines.append(call)
        } else {
            lines.append(call + " {")
            lines += selection
            lines.append("  }")
        }
        lines.append("}")
        guard !field.arguments.isEmpty else { return lines.joined(separator: "\n") }
        let variables = JSONObject(field.arguments.map { JSONMember(key: $0.name, value: sample($0.type, depth: 0)) })
        return lines.joined(separator: "\n") + "\n\n" + JSONValue.object(variables).formatted(.pretty(indent: 2))
    }

    /// The selection lines for a field of type `typeName`; empty for a leaf.
    func selections(of typeName: String, depth: Int, path: Set<String>, indent: String) -> [String] {
        guard let type = schema.type(named: typeName), !type.isLeaf else { return [] }
        guard type.kind == .object || type.kind == .interface, !type.fields.isEmpty else {
            return [indent + "__typename"]
        }
        var lines: [String] = []
        var count = 0
        for field in type.fields where count < Self.maximumFieldsPerLevel {
            // Fields that need arguments are left for the user to add.
            guard !field.arguments.contains(where: { $0.type.isNonNull && $0.defaultValue == nil }) else { continue }
            let inner = field.type.namedType
            if schema.type(named: inner)?.isLeaf ?? true {
                lines.append(indent + field.name)
                count += 1
            } else if depth < Self.maximumDepth, !path.contains(inner), inner != typeName {
                let nested = selections(
                    of: inner, depth: depth + 1, path: path.union([typeName]), indent: indent + "  ")
                guard !nested.isEmpty else { continue }
                lines.append(indent + field.name + " {")
                lines += nested
                lines.append(indent + "}")
                count += 1
            }
        }
        return lines.isEmpty ? [indent + "__typename"] : lines
    }

    /// A sample value for `type`: 0, 0.0, "", false, the first enum value, an input object's fields.
    func sample(_ type: GraphQLTypeReference, depth: Int) -> JSONValue {
        switch type {
        case .nonNull(let inner): return sample(inner, depth: depth)
        case .list(let inner): return .array(depth < 3 ? [sample(inner, depth: depth + 1)] : [])
        case .named(let name):
            switch name {
            case "Int": return 0
            case "Float": return 0.0
            case "Boolean": return false
            case "String", "ID": return ""
            default: break
            }
            guard let named = schema.type(named: name) else { return .null }
            switch named.kind {
            case .enumeration: return named.enumValues.first.map { .string($0) } ?? .null
            case .inputObject where depth < 3:
                return .object(
                    JSONObject(
                        named.inputFields.prefix(Self.maximumFieldsPerLevel).map {
                            JSONMember(key: $0.name, value: sample($0.type, depth: depth + 1))
                        }))
            default: return .null
            }
        }
    }
}
