import FerryWorkbench
import Foundation

/// What the workbench knows for GraphQL: each endpoint's schema (from `.ferry/graphql` or introspected on
/// demand) and the `errors` read out of GraphQL responses.
struct GraphQLState: Sendable {
    /// Where an endpoint's schema stands.
    enum Schema: Sendable {
        /// An introspection query is in flight (`previous`: the schema known before, still used meanwhile).
        case fetching(previous: GraphQLSchema?)
        /// Known, introspected at `fetched`.
        case loaded(GraphQLSchema, fetched: Date)
        /// The last introspection failed (`previous`: the schema known before, still used).
        case failed(String, previous: GraphQLSchema?)

        /// The schema to complete and check with, if any.
        var schema: GraphQLSchema? {
            switch self {
            case .fetching(let previous), .failed(_, let previous): previous
            case .loaded(let schema, _): schema
            }
        }
    }

    /// The schemas by endpoint (the resolved URL, secrets masked).
    var schemas: [String: Schema] = [:]
    /// The GraphQL `errors` of the responses on screen, by send.
    var responseErrors: [SendID: GraphQLResponseErrors] = [:]
}
