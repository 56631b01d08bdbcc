import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The reducer driven by keys as users press them (through the key map and ``InputRouter``), each change
/// stated in full on ``ReducerTester``: sending and canceling, an edit taken back, quitting with edits.
@Suite("Reducer by keys")
struct KeyPathReducerTests {
    let folder: TemporaryWorkspace
    let state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
    }

    @Test func ctrlRSendsTheOpenRequestAndEscCancelsIt() async throws {
        let tester = ReducerTester(state)
        let id = try #require(state.openRequest)
        let effects = tester.press(.control("r")) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID(number: 2)
            $0.message = nil
        }
        guard case .send(.first, let plan) = effects.first else {
            Issue.record("expected a send, got \(effects)")
            return
        }
        #expect(plan.environment == "local")
        #expect(
            try RequestSender(client: HTTPClient(transport: MockTransport())).prepare(plan).request.url?.absoluteString
                == "http://127.0.0.1:9/json")
        await tester.receivePrepared(.first, of: id)
        tester.press(.key(.escape)) {
            $0.response.exchanges[id]?.phase = .canceled
            $0.report(.info("Canceled."))
        }
        await tester.receiveCanceledEnd(.first, of: id)
        await tester.finish()
    }

    @Test func aCharacterTypedInTheURLAndErasedLeavesNoDraft() async throws {
        let tester = ReducerTester(state)
        let id = try #require(state.openRequest)
        tester.press(.key(.tab)) { $0.panes.focus = .editor }
        try tester.press(.character("x")) {
            var draft = try #require($0.currentRequest)
            draft.url = "{{host}}/jsonx"
            $0.editor.drafts[id] = draft
            $0.editor.urlEditor.viewport = AppReducer.urlFieldArea($0).size
            $0.editor.urlEditor.insert("x")
        }
        #expect(tester.state.hasUnsavedEdits)
        tester.press(.key(.backspace)) {
            $0.editor.drafts[id] = nil
            $0.editor.urlEditor.deleteBackward()
        }
        #expect(!tester.state.hasUnsavedEdits)
        await tester.finish()
    }

    @Test func ctrlQWithUnsavedEditsAsksFirstAndEscStays() async throws {
        let tester = ReducerTester(state)
        let id = try #require(state.openRequest)
        tester.press(.key(.tab)) { $0.panes.focus = .editor }
        try tester.press(.character("x")) {
            var draft = try #require($0.currentRequest)
            draft.url = "{{host}}/jsonx"
            $0.editor.drafts[id] = draft
            $0.editor.urlEditor.viewport = AppReducer.urlFieldArea($0).size
            $0.editor.urlEditor.insert("x")
        }
        tester.press(.control("q")) { $0.overlay = .confirmQuit }
        tester.press(.key(.escape)) { $0.overlay = nil }
        #expect(!tester.state.isFinished)
        tester.press(.control("q")) { $0.overlay = .confirmQuit }
        // The question stays on screen while the loop ends.
        tester.press(.character("y")) { $0.screen.isFinished = true }
        await tester.finish()
    }
}
