import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// A status message lasts only while what it describes holds: "Saved" goes with the next edit, a refused send's
/// reason once the request is edited, a match count on another tab; the bar stays one row whatever it says.
@Suite("Messages tied to their state")
struct StaleMessageTests {
    let folder: TemporaryWorkspace
    var state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
    }

    @Test mutating func savedGoesWithTheNextEdit() async throws {
        let id = try #require(state.openRequest)
        state.feed([.key(.tab)] + InputEvent.typing("?a=1"))
        let tester = ReducerTester(state)
        tester.press(.key(.control("s"))) { $0.report(.info("Saving requests.http…")) }
        await tester.receiveSaved(id)
        await tester.finish()
        try tester.press(.character("2")) {
            var draft = try #require($0.currentRequest)
            draft.url += "2"
            $0.editor.drafts[id] = draft
            $0.editor.urlEditor.insert("2")
            $0.message = nil
        }
        #expect(tester.state.isUnsaved(id))
        await tester.finish()
    }

    @Test func aRefusedSendsReasonGoesOnceTheRequestIsEdited() async throws {
        let folder = try TemporaryWorkspace(
            requests: "POST {{host}}/x\nContent-Type: application/json\n\n{\"a\": }\n",
            environments: ["local": "http://127.0.0.1:9"])
        let state = try folder.loadState(size: Size(width: 80, height: 24))
        let id = try #require(state.openRequest)
        let tester = ReducerTester(state, transport: MockTransport())
        tester.press(.key(.control("r"))) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        let reason = await tester.receivePreparationFailed(.first, of: id) ?? ""
        await tester.finish()
        #expect(reason.hasPrefix("The JSON body is invalid"), "\(reason)")
        // Other keys leave it…
        var after = tester.state
        after.feed([.key(.tab)])
        #expect(after.message?.text == reason && after.message?.isError == true)
        // …an edit of the request takes it away, and F10 still has it.
        after.feed(InputEvent.typing("x"))
        #expect(after.isUnsaved(id) && after.message == nil)
        #expect(after.messageLog.last?.text == reason)
    }

    @Test mutating func aLongMessageTakesOneRowCutWithAnEllipsis() {
        state.report(.error(String(repeating: "word ", count: 60) + "END"))
        #expect(state.layout.statusBar.height == 1)
        var buffer = ScreenBuffer(size: state.size)
        StatusBarView(state: state).render(into: &buffer, area: state.layout.statusBar)
        let row = buffer.lines[state.layout.statusBar.y]
        #expect(row.contains("…") && !row.contains("END"), "\(row)")
    }
}
