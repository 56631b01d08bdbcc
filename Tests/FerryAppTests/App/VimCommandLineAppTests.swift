import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The vim preset's command line on the real loop: `:w` saves the open request's draft, `:q` quits (asking
/// first when something is unsaved), `:wq` and `:x` save and then quit, `:q!` quits without saving; typed in the
/// URL field the same letters are only text (typing never changes files).
@Suite("The vim preset's command line", .serialized)
final class VimCommandLineAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestServerRoutes.start()
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    /// The app with the vim keys (`keys = vim` in the settings file), the first request open, the URL field
    /// edited with `text` and the tree focused again.
    private func launch(editingWith text: String) async throws -> AppHarness {
        let app = try AppHarness(
            workspace: folder.url, settings: UserSettings(keys: UserSettings.Setting(value: "vim", line: 1)))
        try await app.settle()
        try await app.press(.key(.tab))
        try await app.type(text)
        #expect(app.shows("● unsaved"), "\(app.screen)")
        try await app.press(.key(.tab, modifiers: .shift))
        #expect(app.state.panes.focus == .tree, "\(app.screen)")
        return app
    }

    /// Runs `command` on the command line (`:`, the command, Enter).
    private func ex(_ command: String, in app: AppHarness) async throws {
        try await app.press(.character(":"))
        guard case .palette = app.state.overlay else { throw HarnessError("`:` opened no command line\n\(app.screen)") }
        try await app.type(command)
        try await app.press(.key(.enter))
    }

    @Test func colonWSavesTheDraftAndTypingItInTheURLDoesNot() async throws {
        let app = try await launch(editingWith: ":w")
        defer { app.stop() }
        #expect(app.state.currentRequest?.url.hasSuffix("/json:w") == true, "typed, not run")
        #expect(try !folder.read("requests.http").contains("/json:w"))
        try await ex("w", in: app)
        try await app.waitFor("the save") { !app.state.hasUnsavedEdits }
        #expect(try folder.read("requests.http").contains("GET {{host}}/json:w\n"))
        #expect(app.shows("Saved requests.http"), "\(app.screen)")
        #expect(app.state.isFinished == false)
        try await app.quit()
    }

    @Test func colonQAsksFirstAndColonWQSavesThenQuits() async throws {
        let app = try await launch(editingWith: "?page=3")
        defer { app.stop() }
        try await ex("q", in: app)
        #expect(app.state.overlay == .confirmQuit, "unsaved: :q asks\n\(app.screen)")
        try await app.press(.character("n"))
        #expect(app.state.overlay == nil && app.state.isFinished == false)
        try await ex("wq", in: app)
        try await app.waitFor("the app to end after the save") { app.state.isFinished }
        #expect(try folder.read("requests.http").contains("GET {{host}}/json?page=3\n"))
        #expect(app.state.hasUnsavedEdits == false)
    }

    @Test func colonXSavesThenQuitsAndColonQBangQuitsWithoutSaving() async throws {
        let app = try await launch(editingWith: "?page=4")
        defer { app.stop() }
        try await ex("x", in: app)
        try await app.waitFor("the app to end after the save") { app.state.isFinished }
        #expect(try folder.read("requests.http").contains("GET {{host}}/json?page=4\n"))

        let second = try await launch(editingWith: "&more")
        defer { second.stop() }
        try await ex("q!", in: second)
        try await second.waitFor("the app to end") { second.state.isFinished }
        #expect(try !folder.read("requests.http").contains("&more"), "nothing saved")
    }
}
