import FerryHTTP
import FerryTerminal
import FerryWorkbench
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
        AppReducer.open(id, &state)
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
