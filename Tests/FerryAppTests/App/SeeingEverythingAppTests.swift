import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// Seeing everything on an 80×24 screen: long lines cut with `…`, wrapped and scrolled sideways, the tree
/// hidden and a pane maximized, the transfer's bar, true search counts, and the Options tab whole.
/// Scripted keys on the real loop against a loopback server.
@Suite("Seeing everything", .serialized)
final class SeeingEverythingAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    static let requests = """
        ### Long header
        # @name long-header
        GET {{host}}/long-header

        ### Long line
        # @name long-line
        GET {{host}}/long-line

        ### Many
        # @name many
        GET {{host}}/many

        ### Drip
        # @name drip
        GET {{host}}/drip

        ### Patch
        # @name patch-it
        PATCH {{host}}/long-line

        """

    init() throws {
        server = try TestHTTPServer()
        let value = String(repeating: "v", count: 100_000) + "END"
        server.route(
            "/long-header",
            responding: TestResponse(
                status: 200, headers: [("Content-Type", "text/plain"), ("X-Long", value)], body: Data("ok\n".utf8)))
        let line = "start " + String(repeating: "0123456789", count: 20) + " TAILMARK"
        server.route("/long-line", responding: .text(line + "\nsecond\n"))
        server.route("/many", responding: .text(String(repeating: "an id here\n", count: 12_000)))
        server.route(
            "/drip",
            responding: TestResponse.text(String(repeating: "drip drop\n", count: 400)).dripping(
                200, every: .milliseconds(100)))
        folder = try TemporaryWorkspace(requests: Self.requests, environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    /// The requests in the order of the file (the tree's order).
    static let names = ["long-header", "long-line", "many", "drip", "patch-it"]

    /// The app with request `name` open (picked in the tree).
    private func launch(opening name: String) async throws -> AppHarness {
        let app = try AppHarness(workspace: folder.url)
        try await app.settle()
        let index = try #require(Self.names.firstIndex(of: name))
        for _ in 0..<index { try await app.press(.key(.down)) }
        try await app.press(.key(.enter))
        #expect(app.shows("requests.http#\(name)"), "\(app.screen)")
        return app
    }

    /// Tab until `pane` has the keyboard.
    private func focus(_ pane: Pane, in app: AppHarness) async throws {
        for _ in 0..<Pane.allCases.count where app.state.panes.focus != pane { try await app.press(.key(.tab)) }
        #expect(app.state.panes.focus == pane, "\(app.screen)")
    }

    /// The app with `name` open and its response received, the response pane focused.
    private func launch(sending name: String) async throws -> AppHarness {
        let app = try await launch(opening: name)
        try await app.press(.control("r"))
        try await app.waitFor("the response to \(name)") { app.state.currentExchange?.response != nil }
        try await focus(.response, in: app)
        return app
    }

    private func row(_ app: AppHarness, containing text: String) -> String? {
        app.screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    @Test func aLongHeaderValueIsCutWithAMarkThenWrapsAndScrolls() async throws {
        let app = try await launch(sending: "long-header")
        defer { app.stop() }
        try await app.press(.character("]"))
        #expect(app.state.response.tab == .headers)
        let cut = try #require(row(app, containing: "X-Long: vvv"), "\(app.screen)")
        #expect(cut.dropLast().hasSuffix("…"), "the value is marked as cut\n\(app.screen)")
        // Sideways: the name scrolls off to the left, marked there too.
        try await app.press(.character(">"))
        let scrolled = try #require(row(app, containing: "…vvv"), "\(app.screen)")
        #expect(!scrolled.contains("X-Long") && scrolled.dropLast().hasSuffix("…"), "\(app.screen)")
        // Wrapped: the value takes every row of the tab, and the last one says it goes on.
        try await app.press(.character("w"))
        #expect(app.state.response.wrapsLines)
        let content = app.state.layout.responseContent
        let lines = app.screen.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("X-Long:") }, "\(app.screen)")
        #expect(lines[(start + 1)..<content.bottom].allSatisfy { $0.contains("vvvvvvvvvv") }, "\(app.screen)")
        #expect(start < content.bottom - 1, "the value takes the rows below\n\(app.screen)")
        #expect(lines[content.bottom - 1].dropLast().hasSuffix("…"), "\(app.screen)")
        try await app.quit()
    }

    @Test func aLongBodyLineScrollsSidewaysAndWraps() async throws {
        let app = try await launch(sending: "long-line")
        defer { app.stop() }
        #expect(!app.shows("TAILMARK"))
        #expect(row(app, containing: "1 start 0123")?.dropLast().hasSuffix("…") == true, "\(app.screen)")
        for _ in 0..<12 where !app.shows("TAILMARK") { try await app.press(.character(">")) }
        #expect(app.shows("TAILMARK"), "\(app.screen)")
        #expect(
            row(app, containing: "TAILMARK")?.contains("1 …") == true,
            "the gutter stays, the cut is marked\n\(app.screen)")
        try await app.press(.character("<"), .character("w"))
        #expect(app.shows("  1 start") && app.shows("    0123456789"), "\(app.screen)")
        #expect(app.shows("TAILMARK") && app.shows("  2 second"), "\(app.screen)")
        // Every `/` starts afresh: the overlay opens empty after a search.
        try await app.press(.character("/"))
        try await app.type("second")
        try await app.press(.key(.enter))
        #expect(app.shows("1 match for second"), "\(app.screen)")
        try await app.press(.character("/"))
        guard case .search(let text) = app.state.overlay else { throw HarnessError("no search overlay") }
        #expect(text == "")
        try await app.press(.key(.escape))
        try await app.quit()
    }

    /// Sideways scrolling stops where the longest line in view ends at the right edge (as `less -S`): more `>`
    /// change nothing, one `<` moves back at once, and the marks stay right (cut on the left only).
    @Test func sidewaysScrollingStopsAtTheEndOfTheLongestLine() async throws {
        let app = try await launch(sending: "long-line")
        defer { app.stop() }
        for _ in 0..<12 where !app.shows("TAILMARK") { try await app.press(.character(">")) }
        let stop = try #require(app.state.currentExchange?.viewport.column)
        let end = try #require(row(app, containing: "TAILMARK"), "\(app.screen)")
        #expect(
            end.dropLast().hasSuffix("TAILMARK"), "the line ends at the pane's edge, nothing cut there\n\(app.screen)")
        #expect(end.contains("1 …"), "cut on the left, and marked\n\(app.screen)")
        for _ in 0..<3 { try await app.press(.character(">")) }
        #expect(app.state.currentExchange?.viewport.column == stop, "no scrolling past the end\n\(app.screen)")
        #expect(row(app, containing: "TAILMARK")?.dropLast().hasSuffix("TAILMARK") == true, "\(app.screen)")
        try await app.press(.character("<"))
        let back = try #require(app.state.currentExchange?.viewport.column)
        #expect(back < stop && back == max(0, stop - app.state.layout.responseContent.width / 3))
        #expect(row(app, containing: "1 …")?.dropLast().hasSuffix("…") == true, "cut on the right again\n\(app.screen)")
        // The headers tab stops at its longest line too: its lines are short here, so it does not move.
        try await app.press(.character("]"))
        try await app.press(.character(">"))
        #expect(app.state.response.detailColumn == 0, "\(app.screen)")
        try await app.quit()
    }

    @Test func searchCountsAreTrueWhenCapped() async throws {
        let app = try await launch(sending: "many")
        defer { app.stop() }
        try await app.press(.character("/"))
        try await app.type("ID")
        try await app.press(.key(.enter))
        #expect(app.shows("first 10,000 of 12,000 matches for ID"), "\(app.screen)")
        #expect(app.state.currentExchange?.viewport.matches.count == BodySearch.matchLimit)
        try await app.quit()
    }

    @Test func theTreeHidesAndAPaneTakesTheScreen() async throws {
        let app = try await launch(sending: "long-line")
        defer { app.stop() }
        #expect(app.shows("long-header"), "the tree lists the requests\n\(app.screen)")
        try await app.press(.control("b"))
        #expect(!app.shows("long-header") && app.state.panes.isTreeHidden, "\(app.screen)")
        #expect(app.state.layout.response.x == 0 && app.state.layout.response.width == 80)
        // Tab goes round the two panes shown.
        try await app.press(.key(.tab))
        #expect(app.state.panes.focus == .editor)
        try await app.press(.key(.tab))
        #expect(app.state.panes.focus == .response)
        try await app.press(.control("o"))
        #expect(app.state.panes.maximizedPane == .response)
        #expect(app.state.layout.response == Rect(x: 0, y: 0, width: 80, height: 23))
        #expect(!app.shows("Params"), "the editor is gone\n\(app.screen)")
        let first = app.screen.split(separator: "\n")[0]
        #expect(first.contains("Response"), "\(app.screen)")
        try await app.press(.key(.tab))
        #expect(app.state.panes.focus == .response, "a maximized pane keeps the keyboard")
        try await app.press(.control("o"), .control("b"))
        #expect(app.shows("long-header") && app.shows("Params"), "\(app.screen)")
        try await app.quit()
    }

    @Test func theTransferDrawsABarWithItsPercentage() async throws {
        let app = try await launch(opening: "drip")
        defer { app.stop() }
        app.enqueue(.control("r"))
        let moment = try await app.moment("the bar while the body arrives") {
            $0.state.currentExchange?.isInFlight == true && $0.screen.contains("█") && $0.screen.contains("% ")
        }
        #expect(moment.screen.contains("of 3.9 KB"), "\(moment.screen)")
        #expect(moment.screen.contains("drip drop"), "the bytes that arrived show below the bar\n\(moment.screen)")
        try await app.press(.key(.escape))
        try await app.quit()
    }

    @Test func methodsAndTheOptionsTabFitEightyByTwentyFour() async throws {
        let app = try await launch(opening: "patch-it")
        defer { app.stop() }
        #expect(app.shows("PATCH patch-it"), "\(app.screen)")
        try await focus(.editor, in: app)
        for _ in 0..<4 { try await app.press(.control("t")) }
        #expect(app.state.editor.tab == .options, "\(app.screen)")
        for option in [
            "Timeout", "Follow redirects", "TLS verification", "Retries", "Connect timeout", "Cookie jar", "History",
        ] {
            #expect(app.shows(option), "\(option) shows\n\(app.screen)")

        }
        try await app.quit()
    }
}

extension SeeingEverythingAppTests {
    @Test func vOpensAHeaderValueWholeInItsOwnScrollingView() async throws {
        let app = try await launch(sending: "long-header")
        defer { app.stop() }
        try await app.press(.character("]"))
        // The top row of the tab is the one opened: scroll to X-Long.
        let index = try #require(app.state.currentExchange?.headers?.map(\.name).firstIndex(of: "X-Long"))
        for _ in 0..<index { try await app.press(.key(.down)) }
        try await app.press(.character("v"))
        guard case .valueDetail(let title, let rows, _) = app.state.overlay else {
            throw HarnessError("no detail view\n\(app.screen)")
        }
        #expect(title.hasPrefix("X-Long"), "\(title)")
        #expect(rows.joined() == String(repeating: "v", count: 100_000) + "END", "every byte of the value, wrapped")
        #expect(!app.shows("END"))
        try await app.press(.key(.end))
        #expect(app.shows("END"), "the end of the value is reached\n\(app.screen)")
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil)
        try await app.quit()
    }
}
