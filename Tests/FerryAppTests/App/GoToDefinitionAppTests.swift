import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Ctrl-] on a request goes to what an `import` / `run` line of its file names (JetBrains 2024.3 composition): the
/// named request, or a file's first request. Several such lines are listed for the cursor (the `run` lines above
/// the request first); a line that leads nowhere says why.
@Suite("Go to an import or run line's definition", .serialized)
final class GoToDefinitionAppTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "ferry-app-definition")
        try folder.write("http-client.env.json", #"{ "dev": { "host": "http://127.0.0.1:9" } }"#)
        try folder.write("shared/auth.http", "### login\n# @name login\nPOST {{host}}/login\n")
        try folder.write(
            "setup.http", "### seed\n# @name seed\nPUT {{host}}/seed\n\n### more\n# @name more\nPUT {{host}}/more\n")
        try folder.write(
            "main.http",
            """
            import ./shared/auth.http
            run #login

            ### me
            # @name me
            GET {{host}}/me

            ###
            run ./setup.http

            ### list
            # @name list
            GET {{host}}/list

            ###
            run #nowhere

            ### last
            # @name last
            GET {{host}}/last

            """)
        try folder.write("plain.http", "### alone\n# @name alone\nGET {{host}}/alone\n")
        try folder.write("lone.http", "run ./setup.http\n\n### child\n# @name child\nGET {{host}}/child\n")
    }

    static let controlBracket = InputEvent.key(KeyEvent(.character("]"), modifiers: .control))

    func open(_ id: String, in app: AppHarness) async throws {
        try await app.press(.control("p"))
        try await app.type("Go to \(id)")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.description == id)
    }

    @Test func ctrlBracketListsTheFilesLinesAndEnterOpensWhatTheSelectedOneNames() async throws {
        let app = try AppHarness(workspace: folder.url, width: 140, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await open("main.http#me", in: app)
        // Three lines of main.http lead somewhere: listed, the run line just above the request first and selected.
        try await app.press(Self.controlBracket)
        #expect(app.shows("Go to what a line of main.http names"), "\(app.screen)")
        #expect(app.shows("run #login  (line 2) → shared/auth.http#login"), "\(app.screen)")
        #expect(app.shows("import ./shared/auth.http  (line 1) → shared/auth.http#login"), "\(app.screen)")
        #expect(app.shows("run ./setup.http  (line 9) → setup.http#seed"), "\(app.screen)")
        #expect(app.shows("Leading nowhere in main.http: run #nowhere (line 16)"), "\(app.screen)")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.description == "shared/auth.http#login")
        #expect(app.state.overlay == nil)

        // The cursor reaches every line: ↓ ↓ is the run line of another request.
        try await open("main.http#me", in: app)
        try await app.press(Self.controlBracket, .key(.down), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.description == "setup.http#seed")

        // Esc stays where it was.
        try await open("main.http#list", in: app)
        try await app.press(Self.controlBracket, .key(.escape))
        #expect(app.state.openRequest?.description == "main.http#list")
        #expect(app.state.overlay == nil)

        // A file with one such line goes there at once and says so.
        try await open("setup.http#more", in: app)
        try await app.press(Self.controlBracket)
        #expect(app.state.openRequest?.description == "setup.http#more")
        #expect(app.shows("setup.http has no import or run line to go to."), "\(app.screen)")
        try await open("lone.http#child", in: app)
        try await app.press(Self.controlBracket)
        #expect(app.state.openRequest?.description == "setup.http#seed")
        #expect(app.shows("run ./setup.http (lone.http:1) → setup.http#seed"), "\(app.screen)")
    }

    @Test func theListIsThePalettesRowsOfTheLinesLeadingSomewhereAndTheOthersAreNamed() async throws {
        let workspace = try Workspace.load(at: folder.url)
        var state = AppState(
            workspace: workspace, environments: workspace.environments(), environment: "dev",
            size: Size(width: 140, height: 30))
        state.openRequest = RequestID(path: "main.http", selector: "me")
        let tester = ReducerTester(state)
        let login = RequestID(path: "shared/auth.http", selector: "login")
        let seed = RequestID(path: "setup.http", selector: "seed")
        let rows = [
            ("run #login", 2, login), ("import ./shared/auth.http", 1, login), ("run ./setup.http", 9, seed),
        ].map { line, number, destination in
            PaletteEntries.Entry(
                command: .goToDefinition, title: "\(line)  (line \(number)) → \(destination)", key: "",
                request: destination)
        }
        let asked = tester.send(.editor(.definitionRequested)) {
            $0.overlay = .palette(
                PickerDialogState(title: "Go to what a line of main.http names (Enter goes, Esc stays)", items: rows))
            $0.report(
                .info(
                    "Leading nowhere in main.http: run #nowhere (line 16): "
                        + "no request named nowhere here or in the imported files"))
        }
        #expect(asked.isEmpty)
        await tester.finish()
    }

    @Test func theTargetsPutTheRunLinesAboveTheRequestFirstAndSayWhyOneLeadsNowhere() throws {
        let workspace = try Workspace.load(at: folder.url)
        let last = EditorFeature.definitionTargets(of: RequestID(path: "main.http", selector: "last"), in: workspace)
        #expect(last.map(\.line) == ["run #nowhere", "import ./shared/auth.http", "run #login", "run ./setup.http"])
        guard case .failure(let failure) = last[0].destination else {
            Issue.record("run #nowhere should lead nowhere")
            return
        }
        #expect(failure.message.contains("no request named nowhere"))
        #expect(last[0].location.line == 16)
        let none = EditorFeature.definitionTargets(of: RequestID(path: "plain.http", selector: "alone"), in: workspace)
        #expect(none.isEmpty)
    }

    @Test func ctrlBracketIsReadFromTheTerminalAndWrittenInTheKeyMap() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1D]) == [Self.controlBracket])
        #expect(KeyEvent(notation: "ctrl+]") == KeyEvent(.character("]"), modifiers: .control))
    }
}
