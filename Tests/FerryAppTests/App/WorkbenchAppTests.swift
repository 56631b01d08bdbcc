import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The whole app: the real loop on an 80×24 in-memory terminal, the real curl transport, a loopback server.
@Suite("Workbench app", .serialized)
final class WorkbenchAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestServerRoutes.start()
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests,
            environments: ["local": server.baseURL, "refused": "http://127.0.0.1:1"])
    }

    deinit { server.stop() }

    private func launch() async throws -> AppHarness {
        let harness = try AppHarness(workspace: folder.url)
        try await harness.settle()
        return harness
    }

    // MARK: - Launch and layout

    @Test func launchShowsTheTreeEditorResponseAndStatusBar() async throws {
        let app = try await launch()
        defer { app.stop() }
        #expect(app.backend.size == Size(width: 80, height: 24))
        #expect(app.shows("Requests"), "\(app.screen)")
        #expect(app.shows("▾ requests.http"))
        #expect(app.shows("GET  get-json"))
        #expect(app.shows("POST post-json"))
        #expect(app.shows("requests.http#get-json"))
        #expect(app.shows("GET {{host}}/json"))
        #expect(app.shows("No response yet"))
        #expect(app.backend.lines[23].hasPrefix(" local "))
        #expect(app.state.panes.focus == .tree)
        try await app.quit()
    }

    // MARK: - Send and see the response

    @Test func ctrlRSendsAndShowsTheJSONTree() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.control("r"))
        #expect(app.shows(" 200  OK"), "\(app.screen)")
        #expect(app.shows("application/json"))
        #expect(app.shows("user: {"))
        #expect(app.shows("name: \"ada\""))
        #expect(app.shows("langs: ["))
        #expect(server.requests.last?.path == "/json")
        try await app.quit()
    }

    @Test func f5SendsToo() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.function(5))
        #expect(app.state.currentExchange?.response?.status == 200)
        try await app.quit()
    }

    @Test func aPostSendsItsBodyAndTheRequestTabShowsIt() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "post-json")
        try await app.press(.control("r"))
        #expect(app.shows("name: \"ferry\""), "\(app.screen)")
        try await app.press(.key(.tab), .character("]"), .character("]"), .character("]"))
        #expect(app.state.response.tab == .request)
        #expect(app.shows("POST \(server.baseURL)/echo"))
        #expect(app.shows("Content-Type: application/json"))
        try await app.press(.character("["))
        #expect(app.shows("DNS"), "\(app.screen)")
        #expect(app.shows("Remote"))
        #expect(app.shows("HTTP/1.1"))
        try await app.press(.character("["))
        #expect(app.shows("Content-Length:"))
        try await app.quit()
    }

    @Test func textAndBinaryBodiesShowAsLinesAndHex() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.end), .key(.enter), .control("r"))
        #expect(app.shows("  1 first line"), "\(app.screen)")
        #expect(app.shows("  3 third line"))
        try await app.quit()
    }

    // MARK: - Navigation

    @Test func listKeysMoveAndEnterOpensAndTogglesFolders() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.character("j"))
        #expect(app.state.tree.selectedRow == 2)
        try await app.press(.character("k"), .key(.pageDown))
        #expect(app.state.tree.selectedRow == 4)
        try await app.press(.key(.home))
        #expect(app.state.tree.selectedRow == 0)
        // Only `/` starts the filter (a letter outside it is a command or nothing).
        try await app.type("/sl")
        #expect(app.state.visibleTreeRows.map(\.title) == ["requests.http", "slow"], "\(app.screen)")
        try await app.press(.key(.backspace), .key(.backspace), .key(.escape))
        #expect(app.state.tree.rows.count == 5)
        try await app.press(.key(.enter))
        #expect(app.state.tree.rows.count == 1)
        #expect(app.shows("▸ requests.http"))
        try await app.press(.key(.enter), .key(.end), .key(.pageUp), .key(.up))
        #expect(app.state.tree.selectedRow == 0)
        try await app.press(.key(.down), .key(.down), .key(.down), .key(.enter))
        #expect(app.shows("requests.http#slow"))
        #expect(app.state.panes.focus == .editor)
        try await app.quit()
    }

    @Test func tabAndShiftTabMoveBetweenPanes() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.tab))
        #expect(app.state.panes.focus == .editor)
        #expect(app.backend.cursor != nil)
        try await app.press(.key(.tab))
        #expect(app.state.panes.focus == .response)
        try await app.press(.key(.tab))
        #expect(app.state.panes.focus == .tree)
        try await app.press(.key(.tab, modifiers: .shift))
        #expect(app.state.panes.focus == .response)
        try await app.quit()
    }

    @Test func jsonTreeKeysCollapseExpandSearchAndCopy() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.control("r"), .key(.tab), .key(.tab))
        #expect(app.state.panes.focus == .response)
        try await app.press(.key(.down), .key(.enter))
        #expect(app.shows("user: {…}  2 keys"), "\(app.screen)")
        try await app.press(.key(.enter))
        #expect(app.shows("name: \"ada\""))
        try await app.press(.character("c"))
        #expect(app.shows("{…}  2 keys"))
        try await app.press(.character("e"))
        #expect(app.shows("\"swift\""))
        try await app.press(.character("/"))
        try await app.type(".user.langs[1]")
        try await app.press(.key(.enter))
        #expect(app.shows("1 match"), "\(app.screen)")
        try await app.press(.character("p"))
        #expect(app.copied.last == ".user.langs[1]")
        try await app.press(.character("y"))
        #expect(app.copied.last == "\"c\"")
        try await app.press(.character("/"))
        for _ in 0..<20 { try await app.press(.key(.backspace)) }
        try await app.type("a")
        try await app.press(.key(.enter), .character("n"))
        #expect(app.state.currentExchange?.viewport.matchIndex == 1)
        try await app.press(.character("N"))
        #expect(app.state.currentExchange?.viewport.matchIndex == 0)
        try await app.quit()
    }

    // MARK: - Cancel

    @Test func escCancelsASlowRequestAndShowsWhatArrived() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.down), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "slow")
        app.backend.enqueue(.control("r"))
        let arriving = try await app.moment("bytes to arrive") {
            ($0.state.currentExchange?.progress.bytesReceived ?? 0) > 0
        }
        #expect(arriving.screen.contains("Sending"))
        #expect(arriving.screen.contains("1 in flight"))
        try await app.press([.key(.escape)], when: "a transfer rate") { $0.screen.contains("B/s") }
        #expect(app.shows("Canceled"), "\(app.screen)")
        #expect(app.shows("had arrived"))
        #expect(!app.state.isAnythingInFlight)
        try await app.quit()
    }

    // MARK: - Environments

    @Test func ctrlEAndF2SwitchTheEnvironmentEverywhereAtOnce() async throws {
        let app = try await launch()
        defer { app.stop() }
        #expect(app.shows("→ \(server.baseURL)/json"))
        try await app.press(.control("e"))
        #expect(app.backend.lines[23].hasPrefix(" refused "))
        #expect(app.shows("→ http://127.0.0.1:1/json"))
        try await app.press(.control("r"))
        #expect(app.shows("Connection refused"), "\(app.screen)")
        #expect(app.shows("127.0.0.1:1"))
        try await app.press(.function(2))
        #expect(app.shows("Environment (refused now)"), "\(app.screen)")
        try await app.type("loc")
        try await app.press(.key(.enter))
        #expect(app.backend.lines[23].hasPrefix(" local "))
        try await app.settle()
        #expect(try folder.read(".ferry/state.json").contains("\"local\""))
        try await app.quit()
        // The next launch starts in the environment used last.
        _ = try await AppHarness(workspace: folder.url).settleAndCheck { app in
            #expect(app.state.environment == "local")
        }
    }

    // MARK: - Editing, saving, drafts, quitting

    @Test func typedEditsAreSavedToTheFileWithCtrlS() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.tab))
        try await app.type("?page=2")
        #expect(app.shows("● unsaved"))
        #expect(app.shows("GET {{host}}/json?page=2"))
        try await app.press(.control("s"))
        #expect(app.shows("Saved requests.http"), "\(app.screen)")
        #expect(!app.shows("● unsaved"))
        #expect(try folder.read("requests.http").contains("GET {{host}}/json?page=2\n"))
        try await app.press(.control("r"))
        #expect(server.requests.last?.target == "/json?page=2")
        try await app.quit()
    }

    @Test func theBodyIsEditedInPlaceSentAndSaved() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "post-json")
        try await app.press(.control("t"), .control("t"))
        #expect(app.state.editor.tab == .body)
        #expect(app.shows("{\"name\": \"ferry\"}"))
        try await app.press(.key(.down))
        #expect(app.shows("editing (Esc: back to the URL)"), "\(app.screen)")
        try await app.press(.key(.end), .key(.left))
        try await app.type(", \"v\": 2")
        try await app.press(.key(.enter))
        try await app.type("  ")
        #expect(app.state.currentRequest?.body == "{\"name\": \"ferry\", \"v\": 2\n  }")
        #expect(app.shows("● unsaved"))
        try await app.press(.control("r"))
        #expect(app.shows("v: 2"), "\(app.screen)")
        try await app.press(.control("s"))
        #expect(try folder.read("requests.http").contains("{\"name\": \"ferry\", \"v\": 2\n  }"))
        try await app.press(.key(.escape))
        #expect(app.state.bodyEditor == nil)
        try await app.quit()
    }

    @Test func headersAreEditedInTheTableSentAndSaved() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.tab), .control("t"))
        #expect(app.state.editor.tab == .headers)
        try await app.press(.key(.down))
        #expect(app.state.headerTable?.rows.count == 1, "\(app.screen)")
        try await app.press(.key(.insert))
        try await app.type("X-Test")
        try await app.press(.key(.enter))
        try await app.type("42")
        try await app.press(.key(.enter))
        #expect(app.shows("X-Test"), "\(app.screen)")
        try await app.press(.key(.up), .key(KeyEvent(.character(" "), modifiers: .control)))
        #expect(app.state.headerTable?.rows.first?.isEnabled == false)
        try await app.press(.control("r"))
        let sent = try #require(server.requests.last)
        #expect(sent.headers.contains { $0.name == "X-Test" && $0.value == "42" })
        #expect(!sent.headers.contains { $0.name == "Accept" && $0.value == "application/json" })
        try await app.press(.control("s"))
        let file = try folder.read("requests.http")
        #expect(file.contains("# Accept: application/json\nX-Test: 42\n"), "\(file)")
        try await app.press(.key(.escape))
        #expect(app.state.headerTable == nil)
        try await app.quit()
    }

    @Test func tabCompletesVariableNamesInTheURL() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.tab))
        try await app.type("?x={{h")
        #expect(app.shows("Tab completes: {{host}}"), "\(app.screen)")
        try await app.press(.key(.tab))
        #expect(app.state.currentRequest?.url == "{{host}}/json?x={{host}}")
        #expect(app.state.panes.focus == .editor)
        #expect(!app.shows("Tab completes"))
        try await app.press(.key(.tab))
        #expect(app.state.panes.focus == .response)
        try await app.quit()
    }

    @Test func theAuthTabSetsABearerToken() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.tab), .control("t"), .control("t"), .control("t"))
        #expect(app.state.editor.tab == .auth)
        #expect(app.shows("No auth."))
        try await app.press(.key(.down))
        try await app.type("bea")
        try await app.press(.key(.enter))
        #expect(app.shows("Bearer token"), "\(app.screen)")
        for _ in 0..<9 { try await app.press(.key(.backspace)) }
        try await app.type("abc")
        try await app.press(.key(.enter))
        #expect(app.state.currentRequest?.header("Authorization") == "Bearer abc")
        #expect(app.shows("Bearer"), "\(app.screen)")
        try await app.press(.control("r"))
        #expect(
            server.requests.last?.headers.contains { $0.name == "Authorization" && $0.value == "Bearer abc" } == true)
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.currentRequest?.header("Authorization") == nil)
        try await app.quit()
    }

    @Test func theOptionsTabTogglesDirectivesAndSetsTheTimeout() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.tab), .control("t"), .control("t"), .control("t"), .control("t"))
        #expect(app.state.editor.tab == .options)
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.currentRequest?.directives.noRedirect == true)
        #expect(app.shows("no (@no-redirect)"), "\(app.screen)")
        try await app.press(.key(.down))
        try await app.type("timeout")
        try await app.press(.key(.enter))
        try await app.type("30")
        try await app.press(.key(.enter))
        #expect(app.state.currentRequest?.directives.timeout == 30)
        try await app.press(.control("s"))
        let file = try folder.read("requests.http")
        #expect(file.contains("# @no-redirect\n") && file.contains("# @timeout 30\n"), "\(file)")
        try await app.quit()
    }

    @Test func unsavedEditsSurviveSwitchingAndARestart() async throws {
        do {
            let app = try await launch()
            defer { app.stop() }
            try await app.press(.key(.tab))
            try await app.type("X")
            try await app.press(.key(.tab, modifiers: .shift), .key(.down), .key(.enter))
            #expect(app.state.openRequest?.selector == "post-json")
            try await app.press(.key(.tab, modifiers: .shift), .key(.up), .key(.enter))
            #expect(app.shows("GET {{host}}/jsonX"))
            // Quit asks first; "n" stays.
            try await app.press(.control("q"))
            #expect(app.shows("Quit?"))
            try await app.press(.character("n"))
            #expect(!app.state.isFinished)
            try await app.quit()
        }
        #expect(
            folder.exists(
                ".ferry/drafts/\(DraftStore.fileName(for: .init(path: "requests.http", selector: "get-json")))"))
        let again = try AppHarness(workspace: folder.url)
        defer { again.stop() }
        try await again.settle()
        #expect(again.shows("Restored unsaved edits of 1 request"))
        #expect(again.shows("GET {{host}}/jsonX"))
        try await again.quit()
    }

    @Test func treeKeysCreateRenameDuplicateAndDeleteRequests() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.character("d"))
        #expect(app.state.openRequest?.selector == "get-json copy", "\(app.screen)")
        #expect(app.shows("GET  get-json copy"))
        try await app.press(.character("r"))
        #expect(app.shows("Rename requests.http#get-json copy"), "\(app.screen)")
        for _ in 0..<5 { try await app.press(.key(.backspace)) }
        try await app.type("-2")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.selector == "get-json-2", "\(app.screen)")
        #expect(try folder.read("requests.http").contains("# @name get-json-2"))
        try await app.press(.character("a"))
        try await app.type("brand-new")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.selector == "brand-new", "\(app.screen)")
        #expect(try folder.read("requests.http").contains("# @name brand-new\nGET {{host}}/"))
        // The new request's URL has the keyboard; Shift-Tab goes back to the tree.
        #expect(app.state.panes.focus == .editor)
        try await app.press(.key(KeyEvent(.tab, modifiers: .shift)))
        #expect(app.state.panes.focus == .tree)
        try await app.press(.character("x"))
        #expect(app.shows("Delete?"), "\(app.screen)")
        try await app.press(.character("n"))
        #expect(app.state.overlay == nil)
        try await app.press(.character("x"), .character("y"))
        #expect(!app.shows("brand-new"), "\(app.screen)")
        #expect(try !folder.read("requests.http").contains("brand-new"))
        // A new folder, then a request moved into a new file in it.
        try await app.press(.character("f"))
        try await app.type("sub")
        try await app.press(.key(.enter))
        #expect(folder.exists("sub"), "\(app.screen)")
        let row = try #require(app.state.tree.rows.firstIndex { $0.id.requestID?.selector == "get-json" })
        while let selected = app.state.tree.selectedRow, selected != row {
            try await app.press(.key(selected < row ? .down : .up))
        }
        try await app.press(.character("m"))
        for _ in 0..<20 { try await app.press(.key(.backspace)) }
        try await app.type("sub/moved")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.description == "sub/moved.http#get-json", "\(app.screen)")
        #expect(try folder.read("sub/moved.http").contains("GET {{host}}/json"))
        #expect(try !folder.read("requests.http").contains("@name get-json\n"))
        try await app.quit()
    }

    // MARK: - Help, palette, history

    @Test func f1AndQuestionMarkShowHelpFromTheKeyMap() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.function(1))
        #expect(app.shows("Help — keys"))
        #expect(app.shows("Send the request"))
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil)
        try await app.press(.character("?"))
        #expect(app.shows("Next environment"))
        try await app.press(.function(1))
        #expect(app.state.overlay == nil)
        try await app.quit()
    }

    @Test func ctrlPRunsACommandFromThePalette() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.control("p"))
        #expect(app.shows("Command palette"))
        try await app.type("next env")
        try await app.press(.key(.enter))
        #expect(app.state.environment == "refused")
        try await app.quit()
    }

    @Test func f6ShowsHistoryAndDiffsTwoEntries() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.control("r"))
        try await app.press(.key(.down), .key(.enter), .control("r"))
        try await app.press(.function(6))
        #expect(app.shows("History"), "\(app.screen)")
        #expect(app.shows("200 POST"))
        #expect(app.shows("200 GET"))
        try await app.press(.character(" "), .key(.down), .character(" "))
        #expect(app.shows("Diff of two sends"), "\(app.screen)")
        #expect(app.shows("- POST"))
        #expect(app.shows("+ GET"))
        // Esc peels the diff back to the list; typing searches it.
        try await app.press(.key(.escape))
        #expect(app.shows("History (Enter opens"), "\(app.screen)")
        try await app.type("/json")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.selector == "get-json")
        // Ctrl-R in the history re-sends the selected entry's request.
        let sent = server.requests.count
        try await app.press(.function(6))
        try await app.waitFor("the history's entries") { app.state.historyView?.entries.count == 2 }
        try await app.press(.key(.down), .control("r"))
        #expect(app.state.openRequest?.selector == "get-json", "\(app.screen)")
        #expect(server.requests.count == sent + 1)
        #expect(server.requests.last?.path == "/json")
        try await app.quit()
    }

    // MARK: - Mouse and resize

    @Test func theMouseSelectsRowsTabsAndScrolls() async throws {
        let app = try await launch()
        defer { app.stop() }
        // Row 3 of the screen is the second request (post-json) inside the tree border.
        try await app.press(.mouse(MouseEvent(.press(.left), at: Position(x: 5, y: 3))))
        #expect(app.state.openRequest?.selector == "post-json")
        try await app.press(.control("r"))
        let layout = WorkbenchLayout(size: app.backend.size)
        // Where the screen shows the title, so the click and the drawing are checked against each other.
        let tabRow = Array(app.backend.lines[layout.responseTabs.y])
        let headersX = try #require(
            (layout.responseTabs.x..<tabRow.count).first { String(tabRow[$0..<min(tabRow.count, $0 + 7)]) == "Headers" }
        )
        try await app.press(.mouse(MouseEvent(.press(.left), at: Position(x: headersX, y: layout.responseTabs.y))))
        #expect(app.state.response.tab == .headers)
        #expect(app.state.panes.focus == .response)
        try await app.press(.mouse(MouseEvent(.scrollDown, at: Position(x: 3, y: 5))))
        #expect(app.state.panes.focus == .tree)
        #expect(app.state.tree.selectedRow == 4)
        try await app.quit()
    }

    @Test func aResizeRedrawsAtTheNewSize() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.resize(to: Size(width: 100, height: 30))
        #expect(app.state.size == Size(width: 100, height: 30))
        #expect(app.backend.lines.count == 30)
        #expect(app.backend.lines[29].hasPrefix(" local "))
        try await app.quit()
    }

    @Test func aMalformedFileIsReportedAndTheRestWorks() async throws {
        try folder.write("broken.http", "GET\n")
        let app = try await launch()
        defer { app.stop() }
        #expect(app.shows("broken.http"), "\(app.screen)")
        #expect(app.shows("expected a URL"))
        try await app.press(.character("/"))
        try await app.type("get-json")
        try await app.press(.key(.enter))
        #expect(app.state.visibleTreeRows.map(\.title) == ["requests.http", "get-json"])
        try await app.press(.key(.down), .key(.enter), .control("r"))
        #expect(app.state.currentExchange?.response?.status == 200)
        try await app.quit()
    }
}

extension AppHarness {
    /// Waits for quiet, runs `check`, then quits.
    @discardableResult
    func settleAndCheck(_ check: (AppHarness) throws -> Void) async throws -> Self {
        defer { stop() }
        try await settle()
        try check(self)
        try await quit()
        return self
    }
}

@Suite("Workbench edge cases", .serialized)
struct WorkbenchEdgeCaseTests {
    @Test func tinyTerminalsAndAnEmptyWorkspaceDoNotBreakTheApp() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let app = try AppHarness(workspace: root)
        defer { app.stop() }
        try await app.settle()
        #expect(app.shows("No .http files here."))
        #expect(app.backend.lines[23].hasPrefix(" no environment "))
        try await app.press(.control("r"), .control("e"), .function(2), .key(.escape), .control("s"), .key(.tab))
        #expect(app.state.message?.text.contains("No environments") == true)
        for size in [Size(width: 20, height: 6), Size(width: 1, height: 1), Size(width: 200, height: 3)] {
            try await app.resize(to: size)
            #expect(app.state.size == size)
            try await app.press(.key(.tab), .function(1), .key(.escape), .control("p"), .key(.escape))
        }
        try await app.quit()
    }
}
