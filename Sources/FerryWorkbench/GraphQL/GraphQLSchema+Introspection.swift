import FerryHTTP
import FerryJSON

/// Why an introspection result could not be read as a schema.
public struct GraphQLSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

extension GraphQLSchema {
    /// The most types, and the most fields in all, a schema may hold; a larger introspection result is refused.
    public static let maximumTypes = 20_000
    /// The most fields, arguments and input fields in all.
    public static let maximumMembers = 500_000
    /// How deeply `ofType` may nest (the standard introspection query asks for 7 levels).
    public static let maximumTypeDepth = 16

    /// The introspection query Ferry sends for completion and checking: types, fields, arguments and input
    /// fields, without descriptions or directives.
    public static let introspectionQuery = """
        query FerryIntrospection {
          __schema {
            queryType { name }
            mutationType { name }
            types {
              kind name
              fields(includeDeprecated: true) { name args { ...InputValue } type { ...TypeRef } }
              inputFields { ...InputValue }
              enumValues(includeDeprecated: true) { name }
            }
          }
        }
        fragment InputValue on __InputValue { name defaultValue type { ...TypeRef } }
        fragment TypeRef on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType {
            kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """

    /// Reads an introspection result: the whole response (`{"data": {"__schema": …}}`), its `data`, or the
    /// `__schema` object itself. Throws ``GraphQLSchemaError`` for a result of the wrong shape or over the
    /// limits (``maximumTypes``, ``maximumMembers``, ``maximumTypeDepth``).
    public init(introspection json: JSONValue) throws(GraphQLSchemaError) {
        let root = json.objectValue?["data"]?.objectValue?["__schema"] ?? json.objectValue?["__schema"] ?? json
        guard let schema = root.objectValue, let typeList = schema["types"]?.arrayValue else {
            throw GraphQLSchemaError("not an introspection result: no __schema with a types array")
        }
        guard typeList.count <= Self.maximumTypes else {
            throw GraphQLSchemaError(
                "the schema has \(typeList.count) types, more than the \(Self.maximumTypes) Ferry reads")
        }
        var reader = IntrospectionReader()
        var types: [GraphQLNamedType] = []
        for (offset, value) in typeList.enumerated() {
            types.append(try reader.namedType(value, at: "types[\(offset)]"))
        }
        guard let query = schema["queryType"]?.objectValue?["name"]?.stringValue else {
            throw GraphQLSchemaError("not an introspection result: __schema.queryType has no name")
        }
        self.init(
            queryType: query, mutationType: schema["mutationType"]?.objectValue?["name"]?.stringValue, types: types)
    }
}

/// Reads the parts of an introspection result, counting members against the limit.
private struct IntrospectionReader {
    var members = 0

    mutating func namedType(_ value: JSONValue, at path: String) throws(GraphQLSchemaError) -> GraphQLNamedType {
        guard let object = value.objectValue, let name = object["name"]?.stringValue,
            let kindText = object["kind"]?.stringValue
        else { throw GraphQLSchemaError("\(path): a type without a name or kind") }
        guard let kind = GraphQLNamedType.Kind(rawValue: kindText) else {
            throw GraphQLSchemaError("\(path): unknown type kind \(InputExcerpt(kindText))")
        }
        var type = GraphQLNamedType(name: name, kind: kind)
        for (offset, field) in try list(object["fields"], at: "\(path).fields").enumerated() {
            let fieldPath = "\(path).fields[\(offset)]"
            guard let fieldObject = field.objectValue, let fieldName = fieldObject["name"]?.stringValue else {
                throw GraphQLSchemaError("\(fieldPath): a field without a name")
            }
            var arguments: [GraphQLInputValue] = []
            for (index, argument) in try list(fieldObject["args"], at: "\(fieldPath).args").enumerated() {
                arguments.append(try inputValue(argument, at: "\(fieldPath).args[\(index)]"))
            }
            type.fields.append(
                GraphQLFieldDefinition(
                    name: fieldName, arguments: arguments,
                    type: try typeReference(fieldObject["type"], at: "\(fieldPath).type", depth: 0)))
        }
        for (offset, input) in try list(object["inputFields"], at: "\(path).inputFields").enumerated() {
            type.inputFields.append(try inputValue(input, at: "\(path).inputFields[\(offset)]"))
        }
        type.enumValues = try list(object["enumValues"], at: "\(path).enumValues").compactMap {
            $0.objectValue?["name"]?.stringValue
        }
        return type
    }

    /// An array, or none for `null` or absent; counts its elements against the limit.
    mutating func list(_ value: JSONValue?, at path: String) throws(GraphQLSchemaError) -> [JSONValue] {
        guard let value, !value.isNull else { return [] }
        guard let array = value.arrayValue else { throw GraphQLSchemaError("\(path): expected an array") }
        members += array.count
        if members > GraphQLSchema.maximumMembers {
            throw GraphQLSchemaError(
                "the schema has more than \(GraphQLSchema.maximumMembers) fields and arguments, more than Ferry reads")
        }
        return array
    }

    func inputValue(_ value: JSONValue, at path: String) throws(GraphQLSchemaError) -> GraphQLInputValue {
        guard let object = value.objectValue, let name = object["name"]?.stringValue else {
            throw GraphQLSchemaError("\(path): an argument without a name")
        }
        return GraphQLInputValue(
            name: name, type: try typeReference(object["type"], at: "\(path).type", depth: 0),
            defaultValue: object["defaultValue"]?.stringValue)
    }

    func typeReference(
        _ value: JSONValue?, at path: String, depth: Int
    ) throws(GraphQLSchemaError) -> GraphQLTypeReference {
        guard depth < GraphQLSchema.maximumTypeDepth else {
            throw GraphQLSchemaError("\(path): types nested more than \(GraphQLSchema.maximumTypeDepth) levels")
        }
        guard let object = value?.objectValue, let kind = object["kind"]?.stringValue else {
            throw GraphQLSchemaError("\(path): a type reference without a kind")
        }
        switch kind {
        case "NON_NULL": return .nonNull(try typeReference(object["ofType"], at: path + ".ofType", depth: depth + 1))
        case "LIST": return .list(try typeReference(object["ofType"], at: path + ".ofType", depth: depth + 1))
        default:
            guard let name = object["name"]?.stringValue else {
                throw GraphQLSchemaError("\(path): a named type without a name")
            }
            return .named(name)
        }
    }
}
