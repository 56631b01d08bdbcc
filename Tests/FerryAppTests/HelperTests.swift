import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

@Suite("App helpers")
struct HelperTests {
    @Test func historyDiffKeepsCommonLinesAndMarksChanges() {
        let changes = HistoryDiff.diff(["a", "b", "c"], ["a", "x", "c", "d"])
        #expect(changes == [.same("a"), .removed("b"), .added("x"), .same("c"), .added("d")])
    }

    @Test func bodySearchFindsPathsTextAndLines() throws {
        let document = try JSONDocument(parsing: #"{"items": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bob"}]}"#)
        let ids = BodySearch.filter(".items[].id", in: document)
        #expect(ids.results.map(\.path) == [".items[0].id", ".items[1].id"])
        #expect(ids.results.map(\.preview) == ["1", "2"])
        #expect(ids.summary == "2 matches for .items[].id")
        let last = BodySearch.filter("$.items[-1].name", in: document)
        #expect(last.results.map(\.preview) == ["\"Bob\""])
        #expect(last.results.map(\.path) == [".items[1].name"])
        #expect(BodySearch.isQuery("$.a") && BodySearch.isQuery(".a") && !BodySearch.isQuery("name"))
        // FerryJSON's language: recursion, pipes and computed values (which have no path).
        #expect(BodySearch.filter("..name", in: document).results.map(\.path) == [".items[0].name", ".items[1].name"])
        let count = BodySearch.filter(".items | length", in: document)
        #expect(count.results.map(\.preview) == ["2"] && count.results.map(\.node) == [nil])
        #expect(BodySearch.filter("$", in: document).results.map(\.path) == ["."])
        #expect(BodySearch.filter("$[0]", in: document).error?.message.contains("cannot index object") == true)
        // A bad query: worded, at its column in what was typed (the `$` counted).
        let bad = BodySearch.filter(".items[]!name", in: document)
        #expect(bad.error?.column == 9)
        #expect(bad.results.isEmpty)
        #expect(bad.summary.hasPrefix("Cannot filter with .items[]!name: column 9: "), "\(bad.summary)")
        #expect(BodySearch.filter("$.items[]!name", in: document).error?.column == 10)
        #expect(BodySearch.filter(".items[0].id.x", in: document).error?.message == "cannot index number with \"x\"")
        #expect(BodySearch.filter(".nothing", in: document).results.map(\.preview) == ["null"])
        let named = BodySearch.nodes(containing: "NAME", in: document)
        #expect(named.map { document.path(of: $0).description } == [".items[0].name", ".items[1].name"])
        let text = TextBody(bytes: Array("alpha\nbeta\ngamma alpha\n".utf8))
        #expect(BodySearch.lines(containing: "alpha", in: text) == [0, 2])
    }

    @Test func headerRowsRoundTripWithDisabledRowsAsComments() {
        var request = SavedRequest(url: "http://x", headers: [("Accept", "text/plain")])
        request.headerLines.append(.comment("# X-Off: 1"))
        request.headerLines.append(.comment("# a plain comment"))
        let table = HeaderRows.table(for: request)
        #expect(table.rows.map(\.name) == ["Accept", "X-Off"])
        #expect(table.rows.map(\.isEnabled) == [true, false])
        #expect(
            HeaderRows.lines(from: table.rows) == [.field(name: "Accept", value: "text/plain"), .comment("# X-Off: 1")])
    }

    @Test func unresolvedVariablesAreFlagged() {
        let context = VariableContext(fileVariables: ["host": "h"])
        #expect(VariableHighlighter.unresolved(in: "{{host}}/{{id}}/{{$uuid}}/{{id}}", context: context) == ["id"])
        let spans = VariableHighlighter.spans("{{host}}/{{id}}", context: context, base: .plain, theme: .fallback)
        #expect(spans.map(\.content) == ["{{host}}", "/", "{{id}}"])
        #expect(spans[2].style.modifiers.contains(.underline))
    }

    @Test func draftsRoundTripThroughTheDraftsFolder() throws {
        let folder = try TemporaryWorkspace(requests: "GET http://x\n", environments: [:])
        let store = DraftStore(stateFolder: folder.url.appendingPathComponent(".ferry"))
        let id = RequestID(path: "sub/a b.http", selector: "get-it")
        var request = SavedRequest(method: "POST", url: "{{host}}/x", headers: [("A", "1")], body: "{}")
        request.name = "get-it"
        try store.write(request, for: id)
        let loaded = store.load()
        #expect(loaded.keys.map(\.description) == ["sub/a b.http#get-it"])
        #expect(loaded[id]?.url == "{{host}}/x" && loaded[id]?.method == "POST" && loaded[id]?.body == "{}")
        try store.write(nil, for: id)
        #expect(store.load().isEmpty)
    }

    @Test func stateFileRemembersTheEnvironment() throws {
        let folder = try TemporaryWorkspace(requests: "GET http://x\n", environments: [:])
        let state = folder.url.appendingPathComponent(".ferry")
        #expect(WorkspaceStateFile.read(from: state).environment == nil)
        try WorkspaceStateFile(environment: "staging").write(to: state)
        #expect(WorkspaceStateFile.read(from: state).environment == "staging")
    }

    @Test func layoutAndFormattingAgreeWithWhatIsDrawn() {
        let layout = WorkbenchLayout(size: Size(width: 80, height: 24))
        #expect(layout.statusBar == Rect(x: 0, y: 23, width: 80, height: 1))
        #expect(layout.tree.x == 0 && layout.editor.x == layout.tree.right)
        #expect(layout.pane(at: Position(x: 1, y: 1)) == .tree)
        #expect(WorkbenchView.formatBytes(512) == "512 B")
        #expect(WorkbenchView.formatBytes(50 * 1024 * 1024) == "50.0 MB")
        #expect(WorkbenchView.formatDuration(.milliseconds(12)) == "12 ms")
        #expect(WorkbenchView.formatDuration(.milliseconds(1420)) == "1.42 s")
    }
}
