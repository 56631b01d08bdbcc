import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// F6 opens an entry's request where it lives now (after its folder or file was moved or renamed), and
/// says so in the status bar, or says plainly that it is gone; drawn into the in-memory screen.
@Suite("History after moves")
struct HistoryAfterMovesTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
    }

    /// Writes history lines as the workbench wrote them before stable ids (the path as the id).
    func recordOldLines(_ ids: [String]) throws -> [HistoryEntry] {
        let lines = ids.map { id in
            """
            {"method":"GET","requestHeaders":[],"requestID":"\(id)","requestPath":"\(RequestID(parsing: id).path)",\
            "requestSize":0,"responseBodyTruncated":false,"responseHeaders":[],"responseSize":0,"status":200,\
            "time":1700000000,"url":"http://127.0.0.1:9/\(id)"}
            """
        }
        try folder.write(".ferry/history.jsonl", lines.joined(separator: "\n") + "\n")
        return HistoryLog(stateFolder: folder.url.appendingPathComponent(".ferry")).entries()
    }

    /// The state after F6, with the history read and located as the effect runner does it.
    func historyOpen(_ entries: [HistoryEntry]) throws -> AppState {
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        let effects = AppReducer.reduce(&state, .overlay(.history(.requested)))
        #expect(effects.contains { if case .loadHistory = $0 { true } else { false } })
        let locator = try HistoryLocator(workspace: state.workspace)
        _ = AppReducer.reduce(&state, .overlay(.history(.loaded(entries, HistoryTargets(entries, locator: locator)))))
        return state
    }

    func screen(_ state: AppState) -> String {
        var frame = Frame(size: state.size)
        frame.render(WorkbenchView(state: state), area: frame.area)
        return frame.buffer.lines.joined(separator: "\n")
    }

    /// Selects the history row whose URL ends in `suffix` (entries are listed newest first).
    func select(_ suffix: String, _ state: inout AppState) {
        guard let index = state.history.firstIndex(where: { $0.url.hasSuffix(suffix) }) else { return }
        state.overlay = .history(query: "", selection: index, marked: nil)
    }

    // MARK: - Tests

    @Test func anEntryRecordedBeforeItsFolderMovedOpensTheRequestAtItsNewPlace() throws {
        let entries = try recordOldLines(["api/users.http#list", "api/users.http#one"])
        var workspace = try Workspace.load(at: folder.url)
        _ = try workspace.renameItem("api", to: "v2")
        var state = try historyOpen(entries)
        #expect(screen(state).contains("http://127.0.0.1:9/api/users.http#list"), "\(screen(state))")
        select("#list", &state)
        _ = AppReducer.reduce(&state, .app(.rowActivated))
        #expect(state.overlay == nil)
        #expect(state.openRequest?.description == "v2/users.http#list")
        #expect(state.tree.selectedID?.requestID?.description == "v2/users.http#list")
        let shown = screen(state)
        #expect(shown.contains("Opened v2/users.http#list, sent as api/users.http#list (moved or renamed"), "\(shown)")
        #expect(shown.contains("GET {{host}}/users"), "\(shown)")
    }

    @Test func ctrlRInTheHistoryResendsTheMovedRequestFromItsNewPlace() throws {
        let entries = try recordOldLines(["api/users.http#one"])
        var workspace = try Workspace.load(at: folder.url)
        _ = try workspace.renameItem("api/users.http", to: "people.http")
        var state = try historyOpen(entries)
        let effects = AppReducer.reduce(&state, .app(.sendRequested))
        guard case .send(_, let plan) = effects.first else {
            Issue.record("expected a send, got \(effects)")
            return
        }
        #expect(plan.request.id.description == "api/people.http#one")
        #expect(
            try RequestSender(client: HTTPClient(transport: MockTransport())).prepare(plan).request.url?.absoluteString
                == "http://127.0.0.1:9/users/1")
    }

    @Test func aRequestThatIsGoneIsSaidInTheStatusBarAndNothingIsSent() throws {
        let entries = try recordOldLines(["api/users.http#one"])
        var workspace = try Workspace.load(at: folder.url)
        _ = try workspace.deleteRequest(RequestID(parsing: "api/users.http#one"))
        var state = try historyOpen(entries)
        let opened = state.openRequest
        _ = AppReducer.reduce(&state, .app(.rowActivated))
        // The history stays open so another entry can be picked; the open request is unchanged.
        #expect(state.overlay == .history(query: "", selection: 0, marked: nil))
        #expect(state.openRequest == opened)
        #expect(state.message?.isError == true)
        let shown = screen(state)
        #expect(shown.contains("Cannot open this entry: api/users.http#one is no longer in the"), "\(shown)")
        #expect(AppReducer.reduce(&state, .app(.sendRequested)).isEmpty)
        #expect(state.exchanges.isEmpty)
    }

    @Test func anEntryWhosePathIsUnchangedOpensWithoutANote() throws {
        let entries = try recordOldLines(["requests.http#text"])
        var state = try historyOpen(entries)
        _ = AppReducer.reduce(&state, .app(.rowActivated))
        #expect(state.openRequest?.description == "requests.http#text")
        #expect(state.message == nil)
    }

    @Test func theSearchFindsEntriesByTheirRecordedPath() throws {
        let entries = try recordOldLines(["api/users.http#list", "requests.http#text"])
        let state = try historyOpen(entries)
        #expect(
            HistoryFilter.matching("users.http#li", in: state.history).map(\.recordedRequestPath) == [
                "api/users.http#list"
            ])
    }

    @Test func aGuessByFileAndRequestNameIsSaidToBeOne() throws {
        let entries = try recordOldLines(["api/users.http#list"])
        // Moved outside Ferry, before any id was recorded: only the names are left to go by.
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("api"), to: folder.url.appendingPathComponent("v2"))
        var state = try historyOpen(entries)
        _ = AppReducer.reduce(&state, .app(.rowActivated))
        #expect(state.openRequest?.description == "v2/users.http#list")
        let shown = screen(state)
        #expect(
            shown.contains("Opened v2/users.http#list: api/users.http#list is gone, and this is the only"), "\(shown)")
        #expect(shown.contains("so this is a guess"), "\(shown)")
    }
}
