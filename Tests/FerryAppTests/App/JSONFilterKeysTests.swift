import FerryJSON
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The response's `/`: a FerryJSON query shows the matching nodes as a foldable tree named by their paths (with
/// the count) or says what is wrong at which column; anything else searches the text with n / N. Scripted keys
/// on the real loop.
@Suite("JSON filter keys", .serialized)
final class JSONFilterKeysTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestServerRoutes.start()
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    private func launchWithResponse() async throws -> AppHarness {
        let app = try AppHarness(workspace: folder.url)
        try await app.settle()
        try await app.press(.control("r"), .key(.tab), .key(.tab))
        #expect(app.state.panes.focus == .response)
        #expect(app.shows("langs: ["), "\(app.screen)")
        return app
    }

    private func currentPath(_ app: AppHarness) async throws -> String {
        let exchange = try #require(app.state.currentExchange)
        guard case .json(let tree) = exchange.body else { throw HarnessError("no tree") }
        return tree.document.path(of: tree.node(atRow: exchange.viewport.cursor)).description
    }

    @Test func aQueryListsItsMatchesAndKeysMoveThroughThem() async throws {
        let app = try await launchWithResponse()
        defer { app.stop() }
        try await app.press(.character("/"))
        try await app.type(".user.langs[]")
        try await app.press(.key(.enter))
        #expect(app.shows("2 matches for .user.langs[]"), "\(app.screen)")
        #expect(app.shows(".user.langs[0]: \"swift\""), "\(app.screen)")
        #expect(app.shows(".user.langs[1]: \"c\""))
        #expect(!app.shows("count: 2"), "the tree is replaced by the list\n\(app.screen)")
        #expect(try await currentPath(app) == ".user.langs[0]")
        try await app.press(.key(.down))
        #expect(app.state.currentExchange?.viewport.matchIndex == 1)
        #expect(try await currentPath(app) == ".user.langs[1]")
        try await app.press(.character("n"))
        #expect(app.state.currentExchange?.viewport.matchIndex == 0)
        try await app.press(.character("N"))
        #expect(app.state.currentExchange?.viewport.matchIndex == 1)
        try await app.press(.character("y"), .character("p"))
        #expect(app.copied.suffix(2) == ["\"c\"", ".user.langs[1]"])
        // Enter shows the current result in the tree; n goes on through the results there.
        try await app.press(.key(.enter))
        #expect(app.state.currentExchange?.viewport.filter == nil)
        #expect(app.shows("count: 2"), "\(app.screen)")
        #expect(try await currentPath(app) == ".user.langs[1]")
        try await app.press(.character("n"))
        #expect(try await currentPath(app) == ".user.langs[0]")
        try await app.quit()
    }

    @Test func dollarPathsRecursionAndComputedValues() async throws {
        let app = try await launchWithResponse()
        defer { app.stop() }
        try await app.press(.character("/"))
        try await app.type("$..name")
        try await app.press(.key(.enter))
        #expect(app.shows("1 match for $..name"), "\(app.screen)")
        #expect(app.shows(".user.name: \"ada\""))
        try await app.press(.character("/"))
        for _ in 0..<10 { try await app.press(.key(.backspace)) }
        try await app.type(".user | keys_unsorted")
        try await app.press(.key(.enter))
        #expect(app.shows("1 match for .user | keys_unsorted"), "\(app.screen)")
        #expect(app.shows("▾ =: [  2 items"), "one result opens: \(app.screen)")
        #expect(app.shows("0: \"name\""))
        try await app.press(.character("y"))
        #expect(app.copied.last == "[\"name\",\"langs\"]")
        // Esc clears the filter and brings the tree back.
        try await app.press(.key(.escape))
        #expect(app.state.currentExchange?.viewport.filter == nil)
        #expect(app.state.currentExchange?.viewport.search == "")
        #expect(app.shows("count: 2"), "\(app.screen)")
        try await app.quit()
    }

    @Test func theResultsFoldAsTheBodysTreeAndEnterShowsThePlaceInside() async throws {
        let app = try await launchWithResponse()
        defer { app.stop() }
        try await app.press(.character("/"))
        try await app.type(".user")
        try await app.press(.key(.enter))
        #expect(app.shows("1 match for .user"), "\(app.screen)")
        #expect(app.shows("▾ .user: {  2 keys"), "one result opens to its members\n\(app.screen)")
        #expect(app.shows("▸ langs: […]  2 items"), "deeper containers folded\n\(app.screen)")
        try await app.press(.key(.down))
        #expect(try await currentPath(app) == ".user.name", "the body's cursor follows into the result")
        try await app.press(.key(.down), .key(.right))
        #expect(app.shows("▾ langs: [  2 items"), "→ unfolds\n\(app.screen)")
        try await app.press(.key(.down))
        #expect(try await currentPath(app) == ".user.langs[0]")
        try await app.press(.key(.left))
        #expect(try await currentPath(app) == ".user.langs", "← on a value goes to its container")
        try await app.press(.key(.left))
        #expect(app.shows("▸ langs: […]  2 items"), "← folds\n\(app.screen)")
        try await app.press(.character("y"))
        #expect(app.copied.last == #"["swift", "c"]"#)
        try await app.press(.key(.enter))
        #expect(app.state.currentExchange?.viewport.filter == nil)
        #expect(try await currentPath(app) == ".user.langs", "Enter shows that place in the body's tree")
        try await app.quit()
    }

    @Test func aBadQueryIsExplainedAtItsColumn() async throws {
        let app = try await launchWithResponse()
        defer { app.stop() }
        try await app.press(.character("/"))
        try await app.type(".user.langs[]!x")
        try await app.press(.key(.enter))
        #expect(app.shows("Cannot filter with .user.langs[]!x: column 14:"), "\(app.screen)")
        let lines = app.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let queryLine = try #require(lines.firstIndex { $0.contains("  .user.langs[]!x") && !$0.contains("Cannot") })
        let query = lines[queryLine]
        let caret = lines[queryLine + 1]
        let bang = try #require(query.firstIndex(of: "!"))
        let mark = try #require(caret.firstIndex(of: "^"))
        #expect(query.distance(from: query.startIndex, to: bang) == caret.distance(from: caret.startIndex, to: mark))
        #expect(app.state.message?.isError == true)
        // A query on a value of the wrong type is a worded error too.
        try await app.press(.character("/"))
        for _ in 0..<20 { try await app.press(.key(.backspace)) }
        try await app.type(".count.x")
        try await app.press(.key(.enter))
        #expect(app.shows("cannot index number with \"x\""), "\(app.screen)")
        // Plain text is a search with n / N over the tree, as before.
        try await app.press(.character("/"))
        for _ in 0..<20 { try await app.press(.key(.backspace)) }
        try await app.type("a")
        try await app.press(.key(.enter))
        #expect(app.state.currentExchange?.viewport.filter == nil)
        #expect((app.state.currentExchange?.viewport.matches.count ?? 0) >= 2)
        try await app.press(.character("n"))
        #expect(app.state.currentExchange?.viewport.matchIndex == 1)
        try await app.quit()
    }

    @Test func theMouseSelectsAResultAndASecondClickShowsItInTheTree() async throws {
        let app = try await launchWithResponse()
        defer { app.stop() }
        try await app.press(.character("/"))
        try await app.type("..")
        try await app.press(.key(.enter))
        #expect(app.shows("7 matches for .."), "\(app.screen)")
        let content = app.state.layout.responseContent
        // Row 0 is the count; row 3 is the third result (.user.name).
        let click = InputEvent.mouse(MouseEvent(.press(.left), at: Position(x: content.x + 2, y: content.y + 3)))
        try await app.press(click)
        #expect(app.state.currentExchange?.viewport.matchIndex == 2)
        try await app.press(click)
        #expect(app.state.currentExchange?.viewport.filter == nil)
        #expect(try await currentPath(app) == ".user.name")
        try await app.quit()
    }
}
