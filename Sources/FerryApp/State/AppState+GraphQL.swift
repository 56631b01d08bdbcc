import FerryTerminal
import FerryWorkbench

extension AppState {
    /// The endpoint of the open request when it is a `GRAPHQL` one: its URL resolved in the active
    /// environment, secrets masked; `nil` for other requests or a URL that does not resolve.
    var graphQLEndpoint: String? {
        guard let id = openRequest, let request = currentRequest, request.isGraphQL else { return nil }
        return Self.endpoint(of: request, context: variableContext(for: id))
    }

    /// The URL `request` is sent to, resolved with `context`, secrets masked.
    static func endpoint(of request: SavedRequest, context: VariableContext) -> String? {
        var bare = request
        // Only the URL matters: the body (which may not resolve yet while typed) is left out.
        bare.body = nil
        bare.explicitMethod = "POST"
        return try? bare.prepared(with: context).maskedURL
    }

    /// The schema of the open GraphQL request's endpoint, as far as it is known.
    var graphQLSchemaState: GraphQLState.Schema? {
        graphQLEndpoint.flatMap { graphQL.schemas[$0] }
    }

    /// What completes the name before the cursor of the body editor, when it edits the query of a GraphQL
    /// request whose schema is known (never in the variables block), once the name's first letter is typed
    /// (so Tab keeps its meaning between names).
    var graphQLCompletion: GraphQLCompletion? {
        guard panes.focus == .editor, overlay == nil, let editor = bodyEditor, let request = currentRequest,
            request.isGraphQL, let schema = graphQLSchemaState?.schema
        else { return nil }
        if let offset = GraphQLRequestParts(body: editor.text).variablesLineOffset, editor.cursor.line >= offset {
            return nil
        }
        var before = editor.lines[..<editor.cursor.line].map { String($0) + "\n" }.joined()
        before += String(editor.lines[editor.cursor.line][..<editor.cursor.column])
        guard let completion = GraphQLCompletion(before: before, schema: schema), !completion.partial.isEmpty else {
            return nil
        }
        return completion
    }

    /// What is wrong with the open GraphQL request's query, at lines and columns of its body: the syntax
    /// error, else the fields its endpoint's schema does not have (when the schema is known).
    var graphQLQueryProblems: [GraphQLSyntaxError] {
        guard let request = currentRequest, request.isGraphQL else { return [] }
        let body = bodyEditor?.text ?? request.body ?? ""
        return GraphQLRequestParts(body: body).queryProblems(schema: graphQLSchemaState?.schema)
    }
}
