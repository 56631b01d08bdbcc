/// Parses GraphQL executable documents (the queries, mutations and fragments a request sends) into a
/// ``GraphQLDocument``, or throws the first ``GraphQLSyntaxError`` with its line and column.
///
/// ```swift
/// do { _ = try GraphQLParser.document("{ hero { name }") } catch {
///     print(error)  // line 1, column 16: expected a field name, found the end of the query
/// }
/// ```
public enum GraphQLParser {
    /// Parses `text`.
    public static func document(_ text: String) throws(GraphQLSyntaxError) -> GraphQLDocument {
        var stream = try GraphQLTokenStream(text)
        var document = GraphQLDocument(operations: [], fragments: [])
        guard stream.current.kind != .end else { throw stream.error("a query, mutation or fragment") }
        while stream.current.kind != .end {
            if stream.current.isName("fragment") {
                document.fragments.append(try fragment(&stream))
            } else {
                document.operations.append(try operation(&stream))
            }
        }
        return document
    }

    static func operation(_ stream: inout GraphQLTokenStream) throws(GraphQLSyntaxError) -> GraphQLOperation {
        let start = stream.current
        if start.isPunctuator("{") {
            return GraphQLOperation(
                kind: "query", name: nil, variables: [], selections: try selectionSet(&stream), line: start.line,
                column: start.column)
        }
        guard start.kind == .name, ["query", "mutation", "subscription"].contains(start.text) else {
            throw stream.error("'query', 'mutation', 'subscription', 'fragment' or '{'")
        }
        _ = stream.advance()
        var name: String?
        if stream.current.kind == .name { name = stream.advance().text }
        var variables: [GraphQLVariableDefinition] = []
        if stream.skip("(") {
            while !stream.skip(")") {
                try stream.expect("$")
                let variable = try stream.name("a variable name").text
                try stream.expect(":")
                let type = try stream.typeReference()
                if stream.skip("=") { _ = try stream.value() }
                try stream.directives()
                variables.append(GraphQLVariableDefinition(name: variable, type: type))
            }
        }
        try stream.directives()
        return GraphQLOperation(
            kind: start.text, name: name, variables: variables, selections: try selectionSet(&stream),
            line: start.line, column: start.column)
    }

    static func fragment(_ stream: inout GraphQLTokenStream) throws(GraphQLSyntaxError) -> GraphQLFragment {
        _ = stream.advance()
        let name = try stream.name("a fragment name").text
        guard stream.current.isName("on") else { throw stream.error("'on' and a type") }
        _ = stream.advance()
        let type = try stream.name("a type").text
        try stream.directives()
        return GraphQLFragment(name: name, typeCondition: type, selections: try selectionSet(&stream))
    }

    static func selectionSet(_ stream: inout GraphQLTokenStream) throws(GraphQLSyntaxError) -> [GraphQLSelection] {
        try stream.expect("{")
        try stream.enter()
        defer { stream.leave() }
        var selections: [GraphQLSelection] = []
        repeat {
            selections.append(try selection(&stream))
        } while !stream.skip("}")
        return selections
    }

    static func selection(_ stream: inout GraphQLTokenStream) throws(GraphQLSyntaxError) -> GraphQLSelection {
        if stream.skip("...") {
            if stream.current.kind == .name, !stream.current.isName("on") {
                let name = stream.advance().text
                try stream.directives()
                return .fragmentSpread(name: name)
            }
            var type: String?
            if stream.current.isName("on") {
                _ = stream.advance()
                type = try stream.name("a type").text
            }
            try stream.directives()
            return .inlineFragment(typeCondition: type, selections: try selectionSet(&stream))
        }
        let first = try stream.name("a field name")
        var field = GraphQLField(
            alias: nil, name: first.text, arguments: [], selections: [], line: first.line, column: first.column)
        if stream.skip(":") {
            let name = try stream.name("a field name after the alias")
            field.alias = first.text
            field.name = name.text
            field.line = name.line
            field.column = name.column
        }
        if stream.skip("(") {
            while !stream.skip(")") {
                field.arguments.append(try stream.name("an argument name or ')'").text)
                try stream.expect(":")
                _ = try stream.value()
            }
        }
        try stream.directives()
        if stream.current.isPunctuator("{") { field.selections = try selectionSet(&stream) }
        return .field(field)
    }
}
