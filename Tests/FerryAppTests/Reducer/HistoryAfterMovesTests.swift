import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// F6 opens an entry's request where it lives now (after its folder or file was moved or renamed), and
/// says so in the status bar, or says plainly that it is gone; driven by keys on ``ReducerTester`` (the history
/// read by the real effect), drawn into the in-memory screen.
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

    /// A tester on the workspace as it is now, with the history open as users open it: F6, then the entries
    /// the effect reads from `.ferry/history.jsonl` and locates in the workspace (newest first).
    func historyOpen(_ recorded: [HistoryEntry]) async throws -> ReducerTester {
        let tester = ReducerTester(try folder.loadState(size: Size(width: 100, height: 30)))
        tester.press(.key(.function(6))) { $0.overlay = .history(HistoryFeature.State()) }
        try await tester.receive({ action -> ([HistoryEntry], HistoryTargets)? in
            guard case .overlay(.history(.loaded(let entries, let targets))) = action else { return nil }
            return (entries, targets)
        }) { state, loaded in
            #expect(loaded.0 == recorded, "the effect read the lines written")
            state.historyView?.entries = recorded.reversed()
            let located = HistoryTargets(recorded, locator: try HistoryLocator(workspace: state.workspace))
            #expect(loaded.1 == located, "the effect located the entries in the workspace as it is")
            // The same value, taken whole: two equal dictionaries may dump their entries in different orders.
            state.historyView?.targets = loaded.1
        }
        await tester.finish()
        return tester
    }

    func screen(_ state: AppState) -> String {
        var frame = Frame(size: state.size)
        frame.render(WorkbenchView(state: state), area: frame.area)
        return frame.buffer.lines.joined(separator: "\n")
    }

    /// Moves the history's selection down to the row whose URL ends in `suffix`, as users do.
    func select(_ suffix: String, in tester: ReducerTester) throws {
        let index = try #require(tester.state.historyView?.entries.firstIndex { $0.url.hasSuffix(suffix) })
        for row in 0..<index {
            tester.press(.key(.down)) { $0.historyView?.selection = row + 1 }
        }
    }

    /// States the response `entry` recorded, shown with its request `id` (opened from the history) as send
    /// `#1`: a 200 with no headers and no body, what these old lines kept; the status bar says so after
    /// `earlier`, what opening the entry said, if it said something.
    static func showsRecorded(
        _ entry: HistoryEntry, as id: RequestID, after earlier: String?, _ state: inout AppState
    ) throws {
        var response = HTTPResponse(status: 200, url: try #require(URL(string: entry.url)))
        response.timing = ResponseFeature.recordedTiming(of: entry)
        var exchange = Exchange(id: .first, requestID: id)
        exchange.sent = ResponseFeature.recordedRequest(of: entry)
        exchange.phase = .received(response)
        exchange.head = response
        state.response.exchanges[id] = exchange
        state.response.nextSendID = SendID.first.next
        // 1,700,000,000 s since 1970 is 22:13:20.
        let note = "The response recorded at 22:13:20, from the history; Ctrl+R sends it again."
        state.report(.info(earlier.map { $0 + " " + note } ?? note))
    }

    /// States the request `id` opened from the history: the history closed, the request open and selected
    /// in the tree (which keeps the focus).
    static func opened(_ id: RequestID, _ state: inout AppState) {
        state.overlay = nil
        state.openRequest = id
        state.resetURLEditor()
        state.tree.select(id: .request(id))
    }

    // MARK: - Tests

    @Test func anEntryRecordedBeforeItsFolderMovedOpensTheRequestAtItsNewPlace() async throws {
        let entries = try recordOldLines(["api/users.http#list", "api/users.http#one"])
        var workspace = try Workspace.load(at: folder.url)
        _ = try workspace.renameItem("api", to: "v2")
        let tester = try await historyOpen(entries)
        #expect(screen(tester.state).contains("http://127.0.0.1:9/api/users.http#list"), "\(screen(tester.state))")
        try select("#list", in: tester)
        let moved = RequestID(parsing: "v2/users.http#list")
        let entry = try #require(entries.first { $0.url.hasSuffix("#list") })
        try tester.press(.key(.enter)) {
            Self.opened(moved, &$0)
            try Self.showsRecorded(
                entry, as: moved,
                after: "Opened v2/users.http#list, sent as api/users.http#list (moved or renamed since).", &$0)
        }
        await tester.finish()
        let shown = screen(tester.state)
        #expect(shown.contains("Opened v2/users.http#list, sent as api/users.http#list (moved or renamed"), "\(shown)")
        #expect(shown.contains("GET {{host}}/users"), "\(shown)")
    }

    @Test func ctrlRInTheHistoryResendsTheMovedRequestFromItsNewPlace() async throws {
        let entries = try recordOldLines(["api/users.http#one"])
        var workspace = try Workspace.load(at: folder.url)
        _ = try workspace.renameItem("api/users.http", to: "people.http")
        let tester = try await historyOpen(entries)
        let moved = RequestID(parsing: "api/people.http#one")
        let effects = tester.press(.control("r")) {
            Self.opened(moved, &$0)
            $0.report(.info("Opened api/people.http#one, sent as api/users.http#one (moved or renamed since)."))
            $0.response.exchanges[moved] = Exchange(id: .first, requestID: moved)
            $0.response.nextSendID = SendID.first.next
            $0.message = nil
        }
        guard case .send(.first, let plan) = effects.first else {
            Issue.record("expected a send, got \(effects)")
            return
        }
        #expect(plan.request.id == moved)
        #expect(
            try RequestSender(client: HTTPClient(transport: MockTransport())).prepare(plan).request.url?.absoluteString
                == "http://127.0.0.1:9/users/1")
        let sent = await tester.receivePrepared(.first, of: moved)
        #expect(sent?.request.url?.absoluteString == "http://127.0.0.1:9/users/1", "the runner sends the same")
        tester.press(.key(.escape)) {
            $0.response.exchanges[moved]?.phase = .canceled
            $0.report(.info("Canceled."))
        }
        await tester.receiveCanceledEnd(.first, of: moved)
        await tester.finish()
    }

    @Test func aRequestThatIsGoneIsSaidInTheStatusBarAndNothingIsSent() async throws {
        let entries = try recordOldLines(["api/users.http#one"])
        var workspace = try Workspace.load(at: folder.url)
        _ = try workspace.deleteRequest(RequestID(parsing: "api/users.http#one"))
        let tester = try await historyOpen(entries)
        // The history stays open so another entry can be picked; the open request is unchanged.
        let gone =
            "Cannot open this entry: api/users.http#one is no longer in the workspace (no request has its id, "
            + "its path or its file and name now). A deleted one may be in the trash (F9)."
        tester.press(.key(.enter)) { $0.report(.error(gone)) }
        let shown = screen(tester.state)
        #expect(shown.contains("Cannot open this entry: api/users.http#one is no longer in the"), "\(shown)")
        let effects = tester.press(.control("r")) { $0.report(.error(gone)) }
        #expect(effects.isEmpty && tester.state.response.exchanges.isEmpty)
        await tester.finish()
    }

    @Test func anEntryWhosePathIsUnchangedOpensWithoutANote() async throws {
        let entries = try recordOldLines(["requests.http#text"])
        let tester = try await historyOpen(entries)
        let text = RequestID(parsing: "requests.http#text")
        try tester.press(.key(.enter)) {
            Self.opened(text, &$0)
            try Self.showsRecorded(entries[0], as: text, after: nil, &$0)
        }
        // Only the recorded response is noted, nothing about where the request is.
        #expect(tester.state.message?.text.hasPrefix("The response recorded at") == true)
        await tester.finish()
    }

    @Test func theSearchFindsEntriesByTheirRecordedPath() async throws {
        let entries = try recordOldLines(["api/users.http#list", "requests.http#text"])
        let tester = try await historyOpen(entries)
        #expect(
            HistoryFilter.matching("users.http#li", in: tester.state.historyView?.entries ?? []).map(
                \.recordedRequestPath) == [
                    "api/users.http#list"
                ])
    }

    @Test func aGuessByFileAndRequestNameIsSaidToBeOne() async throws {
        let entries = try recordOldLines(["api/users.http#list"])
        // Moved outside Ferry, before any id was recorded: only the names are left to go by.
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("api"), to: folder.url.appendingPathComponent("v2"))
        let tester = try await historyOpen(entries)
        let guessed = RequestID(parsing: "v2/users.http#list")
        try tester.press(.key(.enter)) {
            Self.opened(guessed, &$0)
            try Self.showsRecorded(
                entries[0], as: guessed,
                after: "Opened v2/users.http#list: api/users.http#list is gone, and this is the only list in a file "
                    + "named users.http (it was sent before Ferry recorded ids, so this is a guess).", &$0)
        }
        let shown = screen(tester.state)
        #expect(
            shown.contains("Opened v2/users.http#list: api/users.http#list is gone, and this is the only"), "\(shown)")
        // The bar cuts the rest; the message is whole in the state (and in F10's list).
        #expect(tester.state.message?.text.contains("so this is a guess).") == true)
        #expect(tester.state.messageLog.last?.text.contains("so this is a guess).") == true)
        await tester.finish()
    }
}
