import FerryWorkbench
import Foundation

/// GraphQL in the workbench: the endpoints' schemas (cached, introspected on demand), completing names in the
/// query, the `errors` of responses.
enum GraphQLAction: Sendable {
    /// Introspect the open GraphQL request's endpoint again (and cache what comes back).
    case schemaRefreshRequested
    /// Insert the first completion of the name before the body editor's cursor.
    case completionAccepted
    /// The schemas cached in `.ferry/graphql` were read (at start), with the files that could not be.
    case cachedSchemasLoaded([GraphQLCachedSchema], problems: [String])
    /// The introspection of `endpoint` ended; `cacheProblem` says why its result was not cached, if it was not.
    case schemaFetched(
        endpoint: String, Result<GraphQLSchema, GraphQLSchemaError>, cacheProblem: String?, at: Date)
    /// The GraphQL `errors` of send `id`'s response were read (`nil`: it has none).
    case responseErrorsRead(SendID, GraphQLResponseErrors?)
}
