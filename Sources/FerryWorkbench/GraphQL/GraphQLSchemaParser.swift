/// Reads GraphQL SDL (type system definitions) into a ``GraphQLSchema``: `schema`, `type`, `interface`,
/// `input`, `enum`, `union`, `scalar` and their `extend` forms; descriptions and directives are skipped.
///
/// ```swift
/// let schema = try GraphQLSchemaParser.schema("type Query { hello(name: String): String }")
/// schema.field("hello", of: "Query")?.arguments.map(\.name)  // ["name"]
/// ```
public enum GraphQLSchemaParser {
    /// Parses `text`; throws the first syntax error with its line and column.
    public static func schema(_ text: String) throws(GraphQLSyntaxError) -> GraphQLSchema {
        var stream = try GraphQLTokenStream(text)
        var types: [GraphQLNamedType] = []
        var roots: [String: String] = [:]
        func merge(_ type: GraphQLNamedType) {
            guard let index = types.firstIndex(where: { $0.name == type.name }) else { return types.append(type) }
            types[index].fields += type.fields
            types[index].inputFields += type.inputFields
            types[index].enumValues += type.enumValues
        }
        while stream.current.kind != .end {
            if stream.current.kind == .string { _ = stream.advance() }
            if stream.current.isName("extend") { _ = stream.advance() }
            let keyword = try stream.name("a type definition such as 'type' or 'schema'")
            switch keyword.text {
            case "schema":
                try stream.directives()
                try stream.expect("{")
                while !stream.skip("}") {
                    let operation = try stream.name("'query', 'mutation' or 'subscription'").text
                    try stream.expect(":")
                    roots[operation] = try stream.name("a type").text
                }
            case "type", "interface", "input":
                let name = try stream.name("a type name").text
                if stream.current.isName("implements") {
                    _ = stream.advance()
                    _ = stream.skip("&")
                    repeat { _ = try stream.name("an interface name") } while stream.skip("&")
                }
                try stream.directives()
                if keyword.text == "input" {
                    merge(
                        GraphQLNamedType(
                            name: name, kind: .inputObject, inputFields: try inputValues(&stream, "{", "}")))
                } else {
                    merge(
                        GraphQLNamedType(
                            name: name, kind: keyword.text == "type" ? .object : .interface, fields: try fields(&stream)
                        ))
                }
            case "enum":
                let name = try stream.name("an enum name").text
                try stream.directives()
                var values: [String] = []
                if stream.skip("{") {
                    while !stream.skip("}") {
                        if stream.current.kind == .string { _ = stream.advance() }
                        values.append(try stream.name("an enum value").text)
                        try stream.directives()
                    }
                }
                merge(GraphQLNamedType(name: name, kind: .enumeration, enumValues: values))
            case "union":
                let name = try stream.name("a union name").text
                try stream.directives()
                if stream.skip("=") {
                    _ = stream.skip("|")
                    repeat { _ = try stream.name("a member type") } while stream.skip("|")
                }
                merge(GraphQLNamedType(name: name, kind: .union))
            case "scalar":
                let name = try stream.name("a scalar name").text
                try stream.directives()
                merge(GraphQLNamedType(name: name, kind: .scalar))
            case "directive":
                try skipDirectiveDefinition(&stream)
            default:
                throw GraphQLSyntaxError(
                    "expected a type definition such as 'type' or 'schema', found \(keyword.shown)",
                    line: keyword.line, column: keyword.column)
            }
        }
        return GraphQLSchema(
            queryType: roots["query"] ?? "Query",
            mutationType: roots["mutation"] ?? (types.contains { $0.name == "Mutation" } ? "Mutation" : nil),
            types: types)
    }

    static func fields(_ stream: inout GraphQLTokenStream) throws(GraphQLSyntaxError) -> [GraphQLFieldDefinition] {
        var fields: [GraphQLFieldDefinition] = []
        guard stream.skip("{") else { return fields }
        while !stream.skip("}") {
            if stream.current.kind == .string { _ = stream.advance() }
            let name = try stream.name("a field name").text
            let arguments = stream.current.isPunctuator("(") ? try inputValues(&stream, "(", ")") : []
            try stream.expect(":")
            let type = try stream.typeReference()
            try stream.directives()
            fields.append(GraphQLFieldDefinition(name: name, arguments: arguments, type: type))
        }
        return fields
    }

    static func inputValues(
        _ stream: inout GraphQLTokenStream, _ open: String, _ close: String
    ) throws(GraphQLSyntaxError) -> [GraphQLInputValue] {
        var values: [GraphQLInputValue] = []
        guard stream.skip(open) else { return values }
        while !stream.skip(close) {
            if stream.current.kind == .string { _ = stream.advance() }
            let name = try stream.name("an argument name").text
            try stream.expect(":")
            let type = try stream.typeReference()
            let defaultValue = stream.skip("=") ? try stream.value() : nil
            try stream.directives()
            values.append(GraphQLInputValue(name: name, type: type, defaultValue: defaultValue))
        }
        return values
    }

    /// `directive @name(arguments) repeatable on LOCATION | LOCATION`.
    static func skipDirectiveDefinition(_ stream: inout GraphQLTokenStream) throws(GraphQLSyntaxError) {
        try stream.expect("@")
        _ = try stream.name("a directive name")
        if stream.current.isPunctuator("(") { _ = try inputValues(&stream, "(", ")") }
        if stream.current.isName("repeatable") { _ = stream.advance() }
        guard stream.current.isName("on") else { throw stream.error("'on' and the directive's locations") }
        _ = stream.advance()
        _ = stream.skip("|")
        repeat { _ = try stream.name("a directive location") } while stream.skip("|")
    }
}
