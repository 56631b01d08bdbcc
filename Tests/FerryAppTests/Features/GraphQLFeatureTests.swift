import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// GraphQL's state on its own: a refresh says why it cannot fetch, a failed fetch keeps nothing it did not
/// have, a completion is typed into the body by the editor (asked of the root), and response errors are kept
/// only for the sends whose exchanges are kept.
struct GraphQLFeatureTests {
    static func context(
        _ introspection: Result<(endpoint: String, plan: SendPlan), GraphQLFeature.Problem> = .failure(
            .init(message: "Only a GRAPHQL request has a schema to fetch: open one first.")),
        sends: Set<SendID> = [], rest: String? = nil
    ) -> GraphQLFeature.Context {
        GraphQLFeature.Context(introspection: introspection, currentSends: sends, completionRest: rest)
    }

    @Test func aRefreshThatCannotFetchSaysWhyAndAFailureIsKept() {
        var state = GraphQLState()
        let refused = GraphQLFeature.reduce(.schemaRefreshRequested, &state, Self.context())
        #expect(refused.effects.isEmpty)
        #expect(refused.requests == [.report(.error("Only a GRAPHQL request has a schema to fetch: open one first."))])
        let failed = GraphQLFeature.reduce(
            .schemaFetched(
                endpoint: "http://127.0.0.1:9/graphql", .failure(GraphQLSchemaError("connection refused")),
                cacheProblem: nil, at: Date(timeIntervalSince1970: 0)), &state, Self.context())
        #expect(failed.requests == [.report(.error("No schema for http://127.0.0.1:9/graphql: connection refused."))])
        #expect(state.schemas["http://127.0.0.1:9/graphql"]?.schema == nil)
    }

    @Test func aCompletionIsTypedByTheEditorAndOldErrorsGo() {
        var state = GraphQLState()
        #expect(GraphQLFeature.reduce(.completionAccepted, &state, Self.context()).requests.isEmpty)
        #expect(
            GraphQLFeature.reduce(.completionAccepted, &state, Self.context(rest: "ers")).requests == [
                .dispatch(.editor(.bodyEdited(.paste("ers"))))
            ])
        let errors = GraphQLResponseErrors(body: Data(#"{"errors": [{"message": "no field users"}]}"#.utf8))
        _ = GraphQLFeature.reduce(.responseErrorsRead(.first, errors), &state, Self.context(sends: [.first]))
        #expect(state.responseErrors[.first]?.errors.map(\.message) == ["no field users"])
        _ = GraphQLFeature.reduce(.responseErrorsRead(.first.next, errors), &state, Self.context(sends: [.first.next]))
        #expect(Set(state.responseErrors.keys) == [.first.next], "errors of a send no exchange keeps go")
    }
}
