import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The history view on its own: it owns its entries, search, selection, mark and diff; Esc peels the diff
/// before the list; Enter and Ctrl-R ask the root to open (or send) the selected entry's request.
struct HistoryFeatureTests {
    let context = HistoryFeature.Context(page: 10, isInWorkspace: { $0.path == "a.http" })

    /// Entries as the history file holds them, oldest first.
    static func entries(_ paths: [String]) throws -> [HistoryEntry] {
        try paths.enumerated().map { index, path in
            let line = """
                {"method":"GET","requestHeaders":[],"requestID":"\(path)","requestPath":"\(path)","requestSize":0,\
                "responseBodyTruncated":false,"responseHeaders":[],"responseSize":0,"status":200,\
                "time":\(1_700_000_000 + index),"url":"http://127.0.0.1:9/\(path)"}
                """
            return try JSONDecoder().decode(HistoryEntry.self, from: Data(line.utf8))
        }
    }

    func opened(_ paths: [String]) throws -> HistoryFeature.State? {
        var view: HistoryFeature.State?
        let output = HistoryFeature.reduce(.requested, &view, context)
        guard case .onFiles(.loadHistory)? = output.requests.first else {
            Issue.record("expected the history read, got \(output.requests)")
            return nil
        }
        _ = HistoryFeature.reduce(.loaded(try Self.entries(paths), HistoryTargets()), &view, context)
        return view
    }

    @Test func entriesArriveNewestFirstAndOnlyIntoAnOpenView() throws {
        var closed: HistoryFeature.State?
        _ = HistoryFeature.reduce(.loaded(try Self.entries(["a.http#x"]), HistoryTargets()), &closed, context)
        #expect(closed == nil)
        let view = try opened(["a.http#one", "a.http#two"])
        #expect(view?.entries.map(\.requestID) == ["a.http#two", "a.http#one"])
    }

    @Test func theSearchKeepsMatchingEntriesAndStartsAtTheTop() throws {
        var view = try opened(["a.http#one", "b.http#two", "a.http#three"])
        _ = HistoryFeature.reduce(.cursorMoved(.end), &view, context)
        #expect(view?.selection == 2)
        _ = HistoryFeature.reduce(.queryChanged("a.http"), &view, context)
        #expect(view?.selection == 0 && view?.matching.map(\.requestID) == ["a.http#three", "a.http#one"])
        _ = HistoryFeature.reduce(.cursorMoved(.pageDown), &view, context)
        #expect(view?.selection == 1, "the selection stays within what the search keeps")
    }

    @Test func spaceMarksThenDiffsAndEscPeelsTheDiffBeforeTheList() throws {
        var view = try opened(["a.http#one", "a.http#two", "a.http#three"])
        _ = HistoryFeature.reduce(.marked, &view, context)
        #expect(view?.marked == 0 && view?.diff == nil)
        _ = HistoryFeature.reduce(.cursorMoved(.down), &view, context)
        _ = HistoryFeature.reduce(.cursorMoved(.down), &view, context)
        _ = HistoryFeature.reduce(.marked, &view, context)
        #expect(view?.diff == HistoryFeature.Diff(first: 0, second: 2))
        // While the diff shows, movement scrolls it and typing searches nothing.
        _ = HistoryFeature.reduce(.cursorMoved(.down), &view, context)
        _ = HistoryFeature.reduce(.queryChanged("zz"), &view, context)
        #expect(view?.diff?.scroll == 1 && view?.query == "" && view?.selection == 2)
        _ = HistoryFeature.reduce(.dismissed, &view, context)
        #expect(view != nil && view?.diff == nil && view?.marked == nil, "Esc goes back to the list")
        _ = HistoryFeature.reduce(.dismissed, &view, context)
        #expect(view == nil)
    }

    @Test func enterAndCtrlRAskTheRootToOpenOrSendTheSelectedEntry() throws {
        var view = try opened(["a.http#one", "a.http#two"])
        _ = HistoryFeature.reduce(.cursorMoved(.down), &view, context)
        let entry = try #require(view?.matching[1])
        let opened = HistoryFeature.reduce(.rowActivated, &view, context)
        let id = RequestID(path: "a.http", selector: "one")
        #expect(
            opened.requests == [.dismiss, .show(id), .dispatch(.response(.recordedResponseChosen(entry, for: id)))])
        #expect(view != nil, "the root closes the view once the request is open")
        let sent = HistoryFeature.reduce(.sendAgainRequested, &view, context)
        #expect(sent.requests == [.dismiss, .show(id), .dispatch(.response(.sendRequested))])
        let gone = try #require(try Self.entries(["b.http#gone"]).first)
        let refused = HistoryFeature.openRequest(of: gone, at: nil, sending: false, context)
        guard case .report(let message)? = refused.requests.first, message.isError, refused.requests.count == 1 else {
            Issue.record("a gone request is said, and the history stays: \(refused.requests)")
            return
        }
        _ = HistoryFeature.reduce(.queryChanged("nothing matches"), &view, context)
        #expect(HistoryFeature.reduce(.rowActivated, &view, context).requests.isEmpty)
    }

    @Test func theRouterHandsTheViewItsKeysAndCtrlRSendsAgain() throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        state.overlay = .history(try #require(try opened(["a.http#one"])))
        func action(_ key: KeyEvent) -> String? { InputRouter.action(for: .key(key), in: state).map { "\($0)" } }
        #expect(
            action(.control("r"))
                == "overlay(FerryApp.OverlayAction.history(FerryApp.HistoryAction.sendAgainRequested))")
        #expect(
            action(KeyEvent(.enter)) == "overlay(FerryApp.OverlayAction.history(FerryApp.HistoryAction.rowActivated))")
        #expect(
            action(KeyEvent(.escape)) == "overlay(FerryApp.OverlayAction.history(FerryApp.HistoryAction.dismissed))")
        // Letters are the search.
        #expect(
            action(KeyEvent(.character("q")))
                == "overlay(FerryApp.OverlayAction.history(FerryApp.HistoryAction.queryChanged(\"q\")))")
        state.feed(InputEvent.typing("o"))
        #expect(state.historyView?.query == "o")
    }
}
