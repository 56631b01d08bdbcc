import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// `ReducerTester`'s transport seam: a send goes through a `MockTransport` instead of curl, so a reducer test
/// of sending, canceling and what the effects post back needs no server and no libcurl.
@Suite("Reducer with a mock transport")
struct MockTransportReducerTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
    }

    @Test func aSendGoesToTheMockAndEscCancelsItWithNoServer() async throws {
        let id = RequestID(path: "requests.http", selector: "get-json")
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        _ = AppReducer.perform(.show(id), &state)
        state.panes.focus = .editor
        let mock = MockTransport()
        // No answer within the test: Esc cancels it, which a mock ends at once.
        mock.respond(to: .get, "http://127.0.0.1:9/json", with: MockResponse.json("{}").delayed(by: .seconds(3600)))
        let tester = ReducerTester(state, transport: mock)
        let effects = tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        guard case .send(.first, _)? = effects.first else {
            Issue.record("expected a send, got \(effects)")
            return
        }
        await tester.receivePrepared(.first, of: id)
        tester.send(.app(.cancelRequested)) {
            $0.response.exchanges[id]?.phase = .canceled
            $0.report(.info("Canceled."))
        }
        await tester.receiveCanceledEnd(.first, of: id)
        await tester.finish()
        #expect(mock.receivedRequests.map { $0.url?.absoluteString } == ["http://127.0.0.1:9/json"])
    }
}

/// `ReducerTester`'s clock seam: the effects stamp what they report with the services' clock, and the reducer
/// takes the time from the action, so a schema's fetch time is the test's own.
@Suite("Reducer with a fixed clock")
struct FixedClockReducerTests {
    @Test func aSchemaFetchedIsStampedWithTheServicesClockNotTheReducers() async throws {
        let folder = try TemporaryWorkspace(
            requests: "### q\n# @name q\nGRAPHQL http://127.0.0.1:9/graphql\n\nquery { hello }\n", environments: [:])
        let id = RequestID(path: "requests.http", selector: "q")
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        _ = AppReducer.perform(.show(id), &state)
        let mock = MockTransport()
        let introspection = """
            {"data": {"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query",
            "fields": [{"name": "hello", "args": [], "type": {"kind": "SCALAR", "name": "String"}}]}]}}}
            """
        mock.respond(to: .post, "http://127.0.0.1:9/graphql", with: MockResponse.json(introspection))
        let fixed = Date(timeIntervalSince1970: 1_000_000_000)
        let tester = ReducerTester(state, transport: mock, services: AppServices(now: { fixed }))
        let endpoint = "http://127.0.0.1:9/graphql"
        tester.send(.graphQL(.schemaRefreshRequested)) {
            $0.graphQL.schemas[endpoint] = .fetching(previous: nil)
            $0.report(.info("Fetching the schema of \(endpoint)…"))
        }
        await tester.receive(
            { action -> (GraphQLSchema, Date)? in
                guard case .graphQL(.schemaFetched(endpoint, .success(let schema), nil, let at)) = action else {
                    return nil
                }
                return (schema, at)
            },
            { state, fetched in
                #expect(fetched.1 == fixed)
                state.graphQL.schemas[endpoint] = .loaded(fetched.0, fetched: fixed)
                state.report(
                    .info("Schema of \(endpoint): 1 types, cached in .ferry/\(GraphQLSchemaCache.folderName)."))
            })
        await tester.finish()
    }
}
