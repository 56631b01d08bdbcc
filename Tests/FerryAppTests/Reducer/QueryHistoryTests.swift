import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The `/` prompt over a response body keeps the queries run this session: ↑ brings back the one before, ↓ the
/// one after and then what was being typed; the recalled query runs like a typed one.
@Suite("Query history")
struct QueryHistoryTests {
    let folder: TemporaryWorkspace
    var state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 100, height: 30))
    }

    /// Sends the open request through a mock that answers `json`, receives what the send posts, and focuses the
    /// response pane.
    mutating func receive(_ json: String) async throws {
        let id = try #require(state.openRequest)
        let mock = MockTransport()
        mock.respond(to: .get, "http://127.0.0.1:9/json", with: .json(json))
        let tester = ReducerTester(state, transport: mock)
        tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        await tester.receivePrepared(.first, of: id)
        await tester.receiveEnd(.first, of: id)
        await tester.receivePreparedBody(.first, of: id)
        await tester.finish()
        state = tester.state
        state.panes.focus = .response
    }

    var prompt: String? {
        guard case .search(let text) = state.overlay else { return nil }
        return text
    }

    @Test mutating func upAndDownRecallTheQueriesRunBefore() async throws {
        try await receive(#"{"items": [{"id": 1, "zip": "a"}, {"id": 5, "zip": "b"}]}"#)
        _ = state.feed([.character("/")] + InputEvent.typing("$..zip") + [.key(.enter)])
        _ = state.feed([.character("/")] + InputEvent.typing(".items[] | select(.id == 5)") + [.key(.enter)])
        #expect(state.currentExchange?.viewport.filter?.total == 1)
        // A new prompt, something typed, then back through the history and forward to it again.
        _ = state.feed([.character("/")] + InputEvent.typing("draft"))
        _ = state.feed([.key(.up)])
        #expect(prompt == ".items[] | select(.id == 5)")
        _ = state.feed([.key(.up)])
        #expect(prompt == "$..zip")
        _ = state.feed([.key(.up)])
        #expect(prompt == "$..zip", "the oldest stays")
        _ = state.feed([.key(.down)])
        #expect(prompt == ".items[] | select(.id == 5)")
        _ = state.feed([.key(.down)])
        #expect(prompt == "draft", "past the newest: what was typed")
        _ = state.feed([.key(.down)])
        #expect(prompt == "draft")
        // A recalled query can be edited and runs as typed.
        _ = state.feed([.key(.up), .key(.up)] + [.key(.backspace)] + InputEvent.typing("p") + [.key(.enter)])
        #expect(state.overlay == nil)
        #expect(state.currentExchange?.viewport.search == "$..zip")
        #expect(state.currentExchange?.viewport.filter?.total == 2)
        // Run again, a query moves to the newest place; the next prompt starts from it.
        _ = state.feed([.character("/"), .key(.up)])
        #expect(prompt == "$..zip")
        _ = state.feed([.key(.up)])
        #expect(prompt == ".items[] | select(.id == 5)")
    }

    @Test mutating func aBadQuerySaysWhatAndWhereAndIsKept() async throws {
        try await receive(#"{"items": [{"id": 5}]}"#)
        _ = state.feed([.character("/")] + InputEvent.typing("$.items[?(@.id==5)") + [.key(.enter)])
        let filter = try #require(state.currentExchange?.viewport.filter)
        #expect(filter.error?.column == 19)
        #expect(filter.summary.hasPrefix("Cannot filter with $.items[?(@.id==5): column 19: expected ',' or ']'"))
        _ = state.feed([.character("/"), .key(.up)] + InputEvent.typing("]") + [.key(.enter)])
        #expect(state.currentExchange?.viewport.filter?.total == 1)
    }

    @Test func theHistoryKeepsEachQueryOnceAndAtMostItsLimit() {
        var history = PromptHistory()
        #expect(history.recall(earlier: true, from: "x") == nil, "nothing run yet")
        for index in 0..<(PromptHistory.limit + 5) { history.record(".a[\(index)]") }
        history.record("   ")
        history.record(".a[3]")
        #expect(history.entries.count == PromptHistory.limit)
        #expect(history.entries.last == ".a[3]" && history.entries.first == ".a[6]")
        #expect(history.recall(earlier: false, from: "typed") == nil, "↓ before ↑ does nothing")
    }
}
