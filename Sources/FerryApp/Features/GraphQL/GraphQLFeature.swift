import FerryTerminal
import FerryWorkbench
import Foundation

/// GraphQL as a feature that owns its state (``GraphQLState``: each endpoint's schema, fetched or cached, and the
/// errors each response carried): fetching a schema on request, taking in what the fetch and the cache read
/// brought, and accepting a completion in the query (typed into the body by the editor, asked of the root).
enum GraphQLFeature {
    /// What GraphQL reads of the rest of the app.
    struct Context {
        /// The open request's endpoint and the plan to introspect it with, when the open request is a `GRAPHQL`
        /// one whose URL resolves; the reason in words when it cannot be fetched.
        var introspection: Result<(endpoint: String, plan: SendPlan), Problem>
        /// The sends whose exchanges are kept: errors of any other send are dropped.
        var currentSends: Set<SendID>
        /// What is left to type of the first completion at the body's cursor, when one is offered.
        var completionRest: String?
        /// Whether the open request is a `GRPC` one: its descriptors and fields are ``GRPCFeature``'s.
        var isGRPC = false
    }

    /// Why the open request's schema cannot be fetched, in words.
    struct Problem: Error {
        /// The message for the status bar.
        var message: String
    }

    /// Applies a GraphQL action.
    static func reduce(_ action: GraphQLAction, _ state: inout GraphQLState, _ context: Context) -> FeatureOutput {
        switch action {
        case .schemaRefreshRequested where context.isGRPC:
            return FeatureOutput(requests: [.dispatch(.grpc(.descriptorsRequested))])
        case .completionAccepted where context.isGRPC:
            return FeatureOutput(requests: [.dispatch(.grpc(.completionAccepted))])
        case .schemaRefreshRequested:
            let endpoint: String
            let plan: SendPlan
            switch context.introspection {
            case .failure(let problem): return .report(.error(problem.message))
            case .success(let found): (endpoint, plan) = found
            }
            if case .fetching = state.schemas[endpoint] { return .none }
            state.schemas[endpoint] = .fetching(previous: state.schemas[endpoint]?.schema)
            return FeatureOutput(
                effects: [.introspect(endpoint: endpoint, plan)],
                requests: [.report(.info("Fetching the schema of \(endpoint)…"))])
        case .completionAccepted:
            guard let rest = context.completionRest else { return .none }
            return FeatureOutput(requests: [.dispatch(.editor(.bodyEdited(.paste(rest))))])
        case .cachedSchemasLoaded(let cached, let problems):
            for entry in cached where state.schemas[entry.endpoint] == nil {
                state.schemas[entry.endpoint] = .loaded(entry.schema, fetched: entry.fetched)
            }
            let folder = ".ferry/\(GraphQLSchemaCache.folderName)"
            return FeatureOutput(requests: [
                .reportProblems(problems.map { FerryApp.Problem(file: folder, message: $0) })
            ])
        case .schemaFetched(let endpoint, let result, let cacheProblem, let fetched):
            return schemaFetched(endpoint, result, cacheProblem: cacheProblem, at: fetched, &state)
        case .responseErrorsRead(let id, let errors):
            state.responseErrors = state.responseErrors.filter { context.currentSends.contains($0.key) }
            if context.currentSends.contains(id) { state.responseErrors[id] = errors }
            return .none
        }
    }

    /// Takes in an introspection's result; a failure keeps the schema known before.
    private static func schemaFetched(
        _ endpoint: String, _ result: Result<GraphQLSchema, GraphQLSchemaError>, cacheProblem: String?,
        at fetched: Date, _ state: inout GraphQLState
    ) -> FeatureOutput {
        let previous = state.schemas[endpoint]?.schema
        switch result {
        case .success(let schema):
            state.schemas[endpoint] = .loaded(schema, fetched: fetched)
            let types = schema.types.filter { !$0.name.hasPrefix("__") }.count
            let cached =
                cacheProblem.map { " (not cached: \($0))." } ?? ", cached in .ferry/\(GraphQLSchemaCache.folderName)."
            return .report(.info("Schema of \(endpoint): \(types) types\(cached)"))
        case .failure(let error):
            state.schemas[endpoint] = .failed(error.message, previous: previous)
            let kept = previous == nil ? "" : " The schema fetched before is still used."
            return .report(.error("No schema for \(endpoint): \(error.message).\(kept)"))
        }
    }
}

extension GraphQLFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) {
        let introspection: Result<(endpoint: String, plan: SendPlan), GraphQLFeature.Problem>
        if state.currentRequest?.isGraphQL != true {
            introspection = .failure(.init(message: "Only a GRAPHQL request has a schema to fetch: open one first."))
        } else if let endpoint = state.graphQLEndpoint, let (_, plan) = AppReducer.openPlan(state) {
            introspection = .success((endpoint, plan))
        } else {
            introspection = .failure(
                .init(message: "The GraphQL URL does not resolve in \(state.environment ?? "no environment")."))
        }
        let completion = state.graphQLCompletion
        self.init(
            introspection: introspection, currentSends: Set(state.response.exchanges.values.map(\.id)),
            completionRest: completion.flatMap { found in
                found.candidates.first.map { String($0.name.dropFirst(found.partial.count)) }
            }, isGRPC: state.currentRequest?.isGRPC == true)
    }
}
