import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The collection tree on the widgets' `TreeView`: badges, markers, the filter (names and URLs), keys and
/// the mouse, driven by scripted events on the real loop; and the tree nodes the reducer builds.
@Suite("Collection tree", .serialized)
final class CollectionTreeTests {
    let folder: TemporaryWorkspace

    init() throws {
        var many = ""
        for index in 1...30 { many += "### r\(index)\n# @name r\(index)\nGET {{host}}/many/\(index)\n\n" }
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: ["zz.http": many])
    }

    private func launch() async throws -> AppHarness {
        let harness = try AppHarness(workspace: folder.url)
        try await harness.settle()
        return harness
    }

    private func treeShows(_ app: AppHarness, _ text: String) -> Bool {
        app.screen.split(separator: "\n").contains { $0.prefix(24).contains(text) }
    }

    private func rowY(_ app: AppHarness, containing text: String) async throws -> Int {
        let lines = app.screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let y = lines.firstIndex(where: { $0.prefix(24).contains(text) }) else {
            throw HarnessError("no row with \(text)\n\(app.screen)")
        }
        return y
    }

    @Test func badgesAreColouredAndMarkersFollowEditsSendsAndTheOpenRequest() async throws {
        let app = try await launch()
        defer { app.stop() }
        #expect(app.shows("├ GET  get-json"), "\(app.screen)")
        #expect(app.shows("├ POST post-json"))
        let y = try await rowY(app, containing: "POST post-json")
        let x = try #require(app.backend.lines[y].range(of: "POST")).lowerBound.utf16Offset(in: app.backend.lines[y])
        let theme = app.state.theme
        #expect(app.backend.grid[x, y].style.fg == theme.style(forMethod: "POST").fg)
        #expect(app.backend.grid[x, y].style.modifiers.contains(.bold))
        #expect(app.backend.grid[x + 6, y].style.fg != theme.style(forMethod: "POST").fg)
        // An edit marks the request unsaved; the tree shows which request is open once the selection moves.
        try await app.press(.key(.tab))
        try await app.type("Z")
        try await app.press(.key(.tab, modifiers: .shift), .key(.down))
        #expect(app.shows("get-json ● ◂"), "\(app.screen)")
        try await app.press(.key(.up), .key(.tab), .control("s"), .key(.tab, modifiers: .shift))
        #expect(!app.shows("get-json ●"), "\(app.screen)")
        try await app.quit()
    }

    @Test func theFilterMatchesNamesAndURLsAndHighlightsNames() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.character("/"))
        try await app.type("echo")
        // post-json's URL is {{host}}/echo: found by its URL, its name not highlighted.
        #expect(app.state.visibleTreeRows.map(\.title) == ["requests.http", "post-json"], "\(app.screen)")
        #expect(app.shows("Requests /echo"))
        try await app.press(.key(.enter))
        #expect(app.state.tree.selectedID?.requestID?.selector == "post-json")
        try await app.press(.character("/"))
        for _ in 0..<4 { try await app.press(.key(.backspace)) }
        try await app.type("r2")
        #expect(
            app.state.visibleTreeRows.map(\.title) == [
                "zz.http", "r2", "r20", "r21", "r22", "r23", "r24", "r25", "r26", "r27", "r28", "r29",
            ])
        let y = try await rowY(app, containing: "r20")
        let line = app.backend.lines[y]
        let x = try #require(line.range(of: "r20")).lowerBound.utf16Offset(in: line)
        #expect(app.backend.grid[x, y].style.fg == app.state.theme[.accent].fg, "the matched letters are highlighted")
        try await app.press(.key(.enter), .character("/"))
        for _ in 0..<2 { try await app.press(.key(.backspace)) }
        try await app.press(.key(.escape))
        #expect(app.state.tree.rows.count == 36)
        // Typed after `/`, kept with Enter, then Esc in the tree clears it and keeps the selection.
        try await app.type("/17")
        try await app.press(.key(.enter))
        #expect(app.state.overlay == nil && app.state.tree.filter == "17")
        #expect(app.state.tree.rows.count == 2)
        #expect(
            app.screen.split(separator: "\n").dropFirst().contains { $0.prefix(24).contains("/17") },
            "the widget's filter line shows under the rows\n\(app.screen)")
        try await app.press(.key(.escape))
        #expect(app.state.tree.filter.isEmpty && app.state.tree.rows.count == 36)
        #expect(app.state.tree.selectedID?.requestID?.selector == "r17")
        try await app.quit()
    }

    @Test func keysWalkTheTreeAndTheViewScrollsWithTheSelection() async throws {
        let app = try await launch()
        defer { app.stop() }
        // ← on a request climbs to its file, ← again collapses it, → expands it.
        try await app.press(.key(.left))
        #expect(app.state.tree.selectedID == .file("requests.http"))
        try await app.press(.key(.left))
        #expect(app.shows("▸ requests.http"), "\(app.screen)")
        try await app.press(.key(.right))
        #expect(app.shows("▾ requests.http"))
        // End selects the last request of the long file and scrolls the pane to it; Home scrolls back.
        try await app.press(.key(.end))
        #expect(app.state.tree.selectedID?.requestID?.selector == "r30")
        #expect(app.shows("└ GET  r30"), "\(app.screen)")
        #expect(!treeShows(app, "requests.http"), "\(app.screen)")
        try await app.press(.key(.pageUp), .key(.pageUp), .key(.home))
        #expect(app.state.tree.selectedRow == 0)
        #expect(treeShows(app, "▾ requests.http"))
        try await app.press(.character("j"), .character("j"), .character("k"))
        #expect(app.state.tree.selectedID?.requestID?.selector == "get-json")
        try await app.press(.key(.enter))
        #expect(app.state.panes.focus == .editor)
        try await app.quit()
    }

    @Test func theMouseOpensRequestsAndTogglesFolders() async throws {
        let app = try await launch()
        defer { app.stop() }
        let folderY = try await rowY(app, containing: "▾ zz.http")
        // A click on a request opens it.
        let textY = try await rowY(app, containing: "GET  text")
        try await app.press(.mouse(MouseEvent(.press(.left), at: Position(x: 10, y: textY))))
        #expect(app.state.openRequest?.selector == "text")
        // A click on ▾ collapses at once; a first click on the name selects, a second toggles.
        try await app.press(.mouse(MouseEvent(.press(.left), at: Position(x: 1, y: folderY))))
        #expect(app.shows("▸ zz.http"), "\(app.screen)")
        try await app.press(.mouse(MouseEvent(.press(.left), at: Position(x: 5, y: 1))))
        #expect(app.state.tree.selectedID == .file("requests.http"))
        #expect(app.shows("▾ requests.http"))
        try await app.press(.mouse(MouseEvent(.press(.left), at: Position(x: 5, y: 1))))
        #expect(app.shows("▸ requests.http"), "\(app.screen)")
        // The wheel moves the selection by three.
        try await app.press(.key(.right), .mouse(MouseEvent(.scrollDown, at: Position(x: 3, y: 5))))
        #expect(app.state.tree.selectedRow == 3)
        try await app.quit()
    }
}

/// The tree nodes the state builds from a workspace.
@Suite("Collection tree nodes")
struct CollectionTreeNodeTests {
    @Test func newFoldersStartExpandedAndCollapsedOnesStayCollapsed() async throws {
        let folder = try TemporaryWorkspace(
            requests: "# @name one\nGET http://h/1\n", environments: [:],
            extraFiles: ["a/x.http": "# @name x\nGET http://h/x\n", "b/y.http": "# @name y\nGET http://h/y\n"])
        var state = AppState(
            workspace: try Workspace.load(at: folder.url), environments: EnvironmentFiles(), environment: nil,
            size: Size(width: 80, height: 24))
        #expect(
            state.visibleTreeRows.map(\.title) == ["a/", "x.http", "x", "b/", "y.http", "y", "requests.http", "one"])
        state.tree.setExpanded(false, id: .folder("a"))
        try folder.write("c/z.http", "GET http://h/z\n")
        state.session.workspace = try Workspace.load(at: folder.url)
        state.rebuildTree()
        #expect(
            state.visibleTreeRows.map(\.title) == [
                "a/", "b/", "y.http", "y", "c/", "z.http", "http://h/z", "requests.http", "one",
            ])
        #expect(state.visibleTreeRows.first { $0.title == "y" }?.filterKeywords == "b/y.http#y http://h/y")
    }
}
