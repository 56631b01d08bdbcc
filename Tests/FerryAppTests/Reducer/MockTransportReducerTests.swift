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
        state.focus = .editor
        let mock = MockTransport()
        // No answer within the test: Esc cancels it, which a mock ends at once.
        mock.respond(to: .get, "http://127.0.0.1:9/json", with: MockResponse.json("{}").delayed(by: .seconds(3600)))
        let tester = ReducerTester(state, transport: mock)
        let effects = tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.nextSendID = SendID.first.next
        }
        guard case .send(.first, _)? = effects.first else {
            Issue.record("expected a send, got \(effects)")
            return
        }
        await tester.receive({ action -> PreparedSend? in
            guard case .transfer(.first, .prepared(let send)) = action else { return nil }
            return send
        }) { state, send in
            state.response.exchanges[id]?.sent = send.request
            state.response.exchanges[id]?.scrubber = send.prepared.scrubber
        }
        tester.send(.app(.cancelRequested)) {
            $0.response.exchanges[id]?.phase = .canceled
            $0.report(.info("Canceled."))
        }
        await tester.receive({ action -> TransferEnd? in
            guard case .transfer(.first, .ended(let end)) = action else { return nil }
            return end
        }) { state, end in
            state.response.exchanges[id]?.sentHeads = end.response?.sentHeads ?? end.error?.sentHeads ?? []
            state.response.exchanges[id]?.isBodyIncomplete = !end.body.isComplete
            state.response.exchanges[id]?.isBodyPartial = !end.body.isComplete
        }
        await tester.finish()
        #expect(mock.receivedRequests.map { $0.url?.absoluteString } == ["http://127.0.0.1:9/json"])
    }
}
