import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - GraphQL: schemas, completion, response errors

extension AppReducer {
    /// Applies a GraphQL action.
    static func reduce(_ action: GraphQLAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .schemaRefreshRequested: return refreshSchema(&state)
        case .completionAccepted: return acceptQueryCompletion(&state)
        case .cachedSchemasLoaded(let cached, let problems):
            for entry in cached where state.graphQL.schemas[entry.endpoint] == nil {
                state.graphQL.schemas[entry.endpoint] = .loaded(entry.schema, fetched: entry.fetched)
            }
            state.reportProblems(problems.map { Problem(file: ".ferry/\(GraphQLSchemaCache.folderName)", message: $0) })
            return []
        case .schemaFetched(let endpoint, let result, let cacheProblem):
            return schemaFetched(endpoint, result, cacheProblem: cacheProblem, &state)
        case .responseErrorsRead(let id, let errors):
            let current = Set(state.response.exchanges.values.map(\.id))
            state.graphQL.responseErrors = state.graphQL.responseErrors.filter { current.contains($0.key) }
            if current.contains(id) { state.graphQL.responseErrors[id] = errors }
            return []
        }
    }

    /// Starts introspecting the open GraphQL request's endpoint, with the request's headers, auth and
    /// environment (``RequestSender/introspect(_:)``).
    static func refreshSchema(_ state: inout AppState) -> [Effect] {
        guard state.currentRequest?.isGraphQL == true, let (_, plan) = openPlan(state) else {
            state.report(.error("Only a GRAPHQL request has a schema to fetch: open one first."))
            return []
        }
        guard let endpoint = state.graphQLEndpoint else {
            state.report(.error("The GraphQL URL does not resolve in \(state.environment ?? "no environment")."))
            return []
        }
        if case .fetching = state.graphQL.schemas[endpoint] { return [] }
        state.graphQL.schemas[endpoint] = .fetching(previous: state.graphQL.schemas[endpoint]?.schema)
        state.report(.info("Fetching the schema of \(endpoint)…"))
        return [.introspect(endpoint: endpoint, plan)]
    }

    /// Takes in an introspection's result; a failure keeps the schema known before.
    static func schemaFetched(
        _ endpoint: String, _ result: Result<GraphQLSchema, GraphQLSchemaError>, cacheProblem: String?,
        _ state: inout AppState
    ) -> [Effect] {
        let previous = state.graphQL.schemas[endpoint]?.schema
        switch result {
        case .success(let schema):
            state.graphQL.schemas[endpoint] = .loaded(schema, fetched: Date())
            let types = schema.types.filter { !$0.name.hasPrefix("__") }.count
            let cached =
                cacheProblem.map { " (not cached: \($0))." } ?? ", cached in .ferry/\(GraphQLSchemaCache.folderName)."
            state.report(.info("Schema of \(endpoint): \(types) types\(cached)"))
        case .failure(let error):
            state.graphQL.schemas[endpoint] = .failed(error.message, previous: previous)
            let kept = previous == nil ? "" : " The schema fetched before is still used."
            state.report(.error("No schema for \(endpoint): \(error.message).\(kept)"))
        }
        return []
    }

    /// Inserts the rest of the first completion at the body editor's cursor, as if typed.
    static func acceptQueryCompletion(_ state: inout AppState) -> [Effect] {
        guard let completion = state.graphQLCompletion, let first = completion.candidates.first else { return [] }
        let rest = String(first.name.dropFirst(completion.partial.count))
        return reduce(&state, .editor(.bodyEdited(.paste(rest))))
    }
}
