import FerryHTTP
import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The response pane on its own: its state is the exchanges and the pane's tabs and scrolls, its context says
/// which request is open and where the pane is; dialogs, messages and opening a request are asked of the root.
/// No `AppState`, no effects run, no disk or curl.
struct ResponseFeatureTests {
    static let id = RequestID(path: "requests.http", selector: "users")

    /// A pane showing `json` as the open request's body, every node expanded.
    static func pane(json: String) throws -> ResponseFeature.State {
        var exchange = Exchange(id: .first, requestID: id)
        exchange.phase = .canceled
        exchange.body = .json(JSONTree(document: try JSONDocument(parsing: json)))
        var state = ResponseFeature.State()
        state.exchanges[id] = exchange
        return state
    }

    static func context(focused: Bool = true, open: RequestID? = id, column: Int = 0) -> ResponseFeature.Context {
        ResponseFeature.Context(
            openRequest: open, content: Rect(x: 0, y: 0, width: 60, height: 10), screen: Size(width: 80, height: 24),
            isFocused: focused, keyMap: AppKeyMap.defaults, workspaceRoot: URL(fileURLWithPath: "/w"),
            stateFolder: URL(fileURLWithPath: "/w/.ferry"), plan: { nil }, shownColumn: { _ in column })
    }

    @Test func movingAndFoldingChangeOnlyTheOpenExchange() throws {
        var state = try Self.pane(json: #"{"a": [1, 2], "b": {"c": true}}"#)
        let other = RequestID(path: "requests.http", selector: "other")
        state.exchanges[other] = state.exchanges[Self.id]
        _ = ResponseFeature.reduce(.cursorMoved(.down), &state, Self.context())
        #expect(state.exchanges[Self.id]?.viewport.cursor == 1)
        #expect(state.exchanges[other]?.viewport.cursor == 0)
        _ = ResponseFeature.reduce(.cursorMoved(.left), &state, Self.context())
        guard case .json(let tree)? = state.exchanges[Self.id]?.body else {
            Issue.record("the body stays a JSON tree")
            return
        }
        #expect(tree.visibleRowCount == 4, "← folded the array under the cursor: \(tree.visibleRowCount) rows")
        _ = ResponseFeature.reduce(.rowActivated, &state, Self.context())
        guard case .json(let unfolded)? = state.exchanges[Self.id]?.body else { return }
        #expect(unfolded.visibleRowCount == 6, "Enter toggled it open again")
    }

    @Test func nodesFoldAndUnfoldAllAndASearchFindsAPathOrTextWhoseIsCopied() throws {
        var state = try Self.pane(json: #"{"user": {"name": "ada", "tags": ["x", "y"]}, "count": 2}"#)
        func tree() throws -> JSONTree {
            guard case .json(let tree)? = state.exchanges[Self.id]?.body else { throw TestFailure("no tree") }
            return tree
        }
        func cursorPath() throws -> String {
            let tree = try tree()
            let cursor = try #require(state.exchanges[Self.id]?.viewport.cursor)
            return tree.document.path(of: tree.node(atRow: cursor)).description
        }
        _ = ResponseFeature.reduce(.cursorMoved(.down), &state, Self.context())  // "user"
        _ = ResponseFeature.reduce(.rowActivated, &state, Self.context())  // folds it
        #expect(try tree().visibleRowCount == 3)
        _ = ResponseFeature.reduce(.jsonExpandedAll, &state, Self.context())
        #expect(try tree().visibleRowCount == 7)
        _ = ResponseFeature.reduce(.jsonCollapsedAll, &state, Self.context())
        _ = ResponseFeature.reduce(.searchRun(".user.tags[1]"), &state, Self.context())
        #expect(try cursorPath() == ".user.tags[1]", "a path search opens the folds on the way")
        _ = ResponseFeature.reduce(.searchRun("ADA"), &state, Self.context())
        #expect(state.exchanges[Self.id]?.viewport.matches.count == 1)
        #expect(try cursorPath() == ".user.name", "a text search matches values, any case")
        let copied = ResponseFeature.reduce(.copyRequested(.path), &state, Self.context())
        guard case .copy(let text)? = copied.effects.first else {
            Issue.record("expected a copy, got \(copied.effects)")
            return
        }
        #expect(text == ".user.name")
    }

    @Test func aQueryFiltersAndEscClearsItWithMessagesForTheRoot() throws {
        var state = try Self.pane(json: #"{"items": [{"id": 1}, {"id": 2}, {"id": 3}]}"#)
        state.tab = .headers
        let ran = ResponseFeature.reduce(.searchRun(".items[].id"), &state, Self.context())
        #expect(state.tab == .body, "a search shows the Body tab")
        #expect(state.exchanges[Self.id]?.viewport.filter?.results.count == 3)
        guard case .report(let message)? = ran.requests.first else {
            Issue.record("expected the filter's summary, got \(ran.requests)")
            return
        }
        #expect(message.subject == .bodySearch(Self.id), "the message goes when the search changes")
        _ = ResponseFeature.reduce(.cursorMoved(.down), &state, Self.context())
        #expect(state.exchanges[Self.id]?.viewport.matchIndex == 1, "keys move in the filter's list")
        let unfocused = ResponseFeature.reduce(.cursorMoved(.down), &state, Self.context(focused: false))
        #expect(unfocused.requests.isEmpty && state.exchanges[Self.id]?.viewport.matchIndex == 1)
        let closed = ResponseFeature.reduce(.filterClosed(showing: false), &state, Self.context())
        #expect(closed.requests == [.report(.info("Filter cleared."))])
        #expect(state.exchanges[Self.id]?.viewport.filter == nil && state.exchanges[Self.id]?.viewport.search == "")
    }

    @Test func dialogsAreAskedOfTheRoot() throws {
        var state = try Self.pane(json: #"{"token": "abc"}"#)
        #expect(ResponseFeature.reduce(.searchRequested, &state, Self.context()).requests == [.present(.search(""))])
        #expect(
            ResponseFeature.reduce(.searchRequested, &state, Self.context(open: nil)).requests.isEmpty,
            "no response, no search")
        _ = ResponseFeature.reduce(.cursorMoved(.down), &state, Self.context())
        let opened = ResponseFeature.reduce(.valueOpened, &state, Self.context())
        guard case .present(.valueDetail(let title, let rows, 0))? = opened.requests.first else {
            Issue.record("expected the value's dialog, got \(opened.requests)")
            return
        }
        #expect(title.hasPrefix(".token") && rows == [#""abc""#], "\(title) \(rows)")
        let copied = ResponseFeature.reduce(.copyRequested(.path), &state, Self.context())
        guard case .copy(".token")? = copied.effects.first else {
            Issue.record("expected the path copied, got \(copied.effects)")
            return
        }
        let saved = ResponseFeature.reduce(.bodySaveRequested, &state, Self.context())
        #expect(saved.requests == [.report(.error("The response has no body to save."))])
    }

    @Test func aTestRowOpensItsPlaceThroughTheRoot() {
        var exchange = Exchange(id: .first, requestID: Self.id)
        var outcome = ScriptOutcome()
        let place = ScriptLocation(path: "requests.http", line: 12)
        outcome.tests = [ScriptTestResult(name: "status", passed: false, message: "500", location: place)]
        exchange.scriptOutcomes = [outcome]
        var state = ResponseFeature.State()
        state.exchanges[Self.id] = exchange
        state.show(.tests)
        let rows = ScriptReportRow.rows([outcome])
        guard let row = rows.firstIndex(where: { $0.location == place }) else {
            Issue.record("the report lists the test's place: \(rows)")
            return
        }
        for _ in 0..<row { _ = ResponseFeature.reduce(.cursorMoved(.down), &state, Self.context()) }
        #expect(state.testsCursor == row)
        let opened = ResponseFeature.reduce(.rowActivated, &state, Self.context())
        #expect(opened.requests == [.openScriptLocation(place)])
    }

    @Test func wrappingAndSidewaysScrollingKeepToTheirTab() throws {
        var state = try Self.pane(json: #"{"a": 1}"#)
        state.show(.headers)
        _ = ResponseFeature.reduce(.scrolledSideways(1), &state, Self.context(column: 20))
        #expect(state.detailColumn == 20, "the column the view can draw, on the tab shown")
        #expect(state.exchanges[Self.id]?.viewport.column == 0)
        let wrapped = ResponseFeature.reduce(.wrapToggled, &state, Self.context())
        #expect(state.wrapsLines && state.detailColumn == 0)
        #expect(wrapped.requests == [.report(.info("Long lines wrap (w cuts them again)."))])
        _ = ResponseFeature.reduce(.scrolledSideways(1), &state, Self.context(column: 20))
        #expect(state.detailColumn == 0, "nothing to the side while lines wrap")
        _ = ResponseFeature.reduce(.tabStepped(-1), &state, Self.context())
        #expect(state.tab == .body)
        _ = ResponseFeature.reduce(.tabStepped(-1), &state, Self.context())
        #expect(state.tab == .errors, "stepping wraps around")
    }
}

/// The wait before the first byte, counted from the first clock tick that saw the send in flight, and shown
/// until the head arrives.
struct ResponseWaitTests {
    @Test func aSendWaitsFromTheFirstTickUntilItsHead() {
        let id = ResponseFeatureTests.id
        var state = ResponseFeature.State()
        state.exchanges[id] = Exchange(id: .first, requestID: id)
        let start = ContinuousClock.now
        let context = ResponseFeatureTests.context()
        _ = ResponseFeature.reduce(.clockTicked(start), &state, context)
        _ = ResponseFeature.reduce(.clockTicked(start + .milliseconds(2_300)), &state, context)
        #expect(state.exchanges[id]?.started == start, "a later tick does not move the start")
        #expect(state.exchanges[id]?.waited(at: state.now) == .milliseconds(2_300))
        #expect(WorkbenchView.formatWait(.milliseconds(2_300)) == "2.3 s")
        state.exchanges[id]?.head = HTTPResponse(status: 200, url: URL(fileURLWithPath: "/"))
        #expect(state.exchanges[id]?.waited(at: state.now) == nil, "the wait ends with the head")
        state.exchanges[id]?.phase = .canceled
        var done = ResponseFeature.State()
        done.exchanges[id] = state.exchanges[id]
        done.exchanges[id]?.started = nil
        _ = ResponseFeature.reduce(.clockTicked(start), &done, context)
        #expect(done.exchanges[id]?.started == nil, "only what is in flight is timed")
    }
}
