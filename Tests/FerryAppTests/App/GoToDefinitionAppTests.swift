import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Ctrl-] on a request goes to what the `run` lines above it name (JetBrains 2024.3 composition), else to its
/// file's `import`: the named request, or a file's first request; a line that leads nowhere says why.
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
    }

    static let controlBracket = InputEvent.key(KeyEvent(.character("]"), modifiers: .control))

    func open(_ id: String, in app: AppHarness) async throws {
        try await app.press(.control("p"))
        try await app.type("Go to \(id)")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.description == id)
    }

    @Test func ctrlBracketOpensTheRequestOrFileARunLineNames() async throws {
        let app = try AppHarness(workspace: folder.url, width: 140, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await open("main.http#me", in: app)
        try await app.press(Self.controlBracket)
        #expect(app.state.openRequest?.description == "shared/auth.http#login")
        #expect(app.shows("run #login (main.http:2) → shared/auth.http#login"), "\(app.screen)")
        #expect(app.state.panes.focus == .editor)

        try await open("main.http#list", in: app)
        try await app.press(Self.controlBracket)
        #expect(app.state.openRequest?.description == "setup.http#seed")

        // A run line that names nothing: the next line that leads somewhere (the import) is opened, and the
        // status bar lists the rest with their lines.
        try await open("main.http#last", in: app)
        try await app.press(Self.controlBracket)
        #expect(app.state.openRequest?.description == "shared/auth.http#login")

        // A file with no such line says so and stays.
        try await open("plain.http#alone", in: app)
        try await app.press(Self.controlBracket)
        #expect(app.state.openRequest?.description == "plain.http#alone")
        #expect(app.shows("plain.http has no import or run line to go to."), "\(app.screen)")
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
