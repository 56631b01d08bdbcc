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

    @Test mutating func savedGoesWithTheNextEdit() throws {
        let id = try #require(state.openRequest)
        state.feed([.key(.tab)] + InputEvent.typing("?a=1"))
        let draft = try #require(state.editor.drafts[id])
        let workspace = state.workspace
        _ = AppReducer.reduce(&state, .workspace(.saveFinished(id, draft, .success(workspace))))
        #expect(state.message?.text == "Saved requests.http.")
        state.feed(InputEvent.typing("2"))
        #expect(state.isUnsaved(id))
        #expect(state.message == nil, "no \"Saved\" over an unsaved request")
    }

    @Test mutating func aRefusedSendsReasonGoesOnceTheRequestIsEdited() throws {
        let id = try #require(state.openRequest)
        let send = try #require(state.feed([.control("r")]).first)
        guard case .send(let sendID, _) = send else {
            Issue.record("expected a send, got \(send)")
            return
        }
        _ = AppReducer.reduce(&state, .transfer(sendID, .preparationFailed("The JSON body is invalid (line 1).")))
        #expect(state.message?.text == "The JSON body is invalid (line 1).")
        // Other keys leave it…
        state.feed([.key(.tab)])
        #expect(state.message?.isError == true)
        // …an edit of the request takes it away, and F10 still has it.
        state.feed(InputEvent.typing("x"))
        #expect(state.isUnsaved(id) && state.message == nil)
        #expect(state.messageLog.last?.text == "The JSON body is invalid (line 1).")
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
