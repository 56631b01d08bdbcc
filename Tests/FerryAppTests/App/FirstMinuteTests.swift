import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// What a first-time user meets: an empty folder says how to make a first request and `a` makes it (a file
/// with one request, the keyboard in its URL); the palette makes files, jumps to requests by name and throws a
/// draft away after saying what goes.
@Suite("The first minute", .serialized)
struct FirstMinuteTests {
    @Test func anEmptyFolderOffersAFirstRequestAndAMakesIt() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-first")
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        #expect(app.shows("No .http files here.") && app.shows("a: a first request"), "\(app.screen)")
        try await app.press(.character("a"))
        #expect(app.shows("New .http file in the workspace"), "\(app.screen)")
        try await app.press(.key(.enter))
        try await app.waitFor("the new file's request to open") {
            app.state.openRequest?.path == "requests.http" && app.state.panes.focus == .editor
        }
        let text = try String(contentsOf: folder.url.appendingPathComponent("requests.http"), encoding: .utf8)
        #expect(text.contains("# @name first-request") && text.contains("GET {{host}}/"), "\(text)")
        // The keyboard is in the URL: typing goes there, not into a command.
        try await app.type("users")
        #expect(app.state.currentRequest?.url == "{{host}}/users")
        // `f` in the tree makes a folder even with nothing selected in it.
        try await app.quit()
    }

    @Test func fMakesAFolderInAnEmptyWorkspace() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-first")
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.character("f"))
        try await app.type("api")
        try await app.press(.key(.enter))
        let made = folder.url.appendingPathComponent("api").path
        try await app.waitFor("the folder") { FileManager.default.fileExists(atPath: made) }
        try await app.quit()
    }

    @Test func thePaletteJumpsToARequestByName() async throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("p"))
        try await app.type("go to post-json")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.description == "requests.http#post-json")
        #expect(app.state.panes.focus == .editor)
        try await app.quit()
    }

    @Test func aDraftIsDiscardedAfterTheQuestionSaysWhatGoes() async throws {
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        let file = folder.url.appendingPathComponent("requests.http")
        let before = try Data(contentsOf: file)
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.tab), .key(.end))
        try await app.type("?draft=1")
        #expect(app.state.hasUnsavedEdits)
        try await app.press(.control("p"))
        try await app.type("discard changes")
        try await app.press(.key(.enter))
        #expect(app.shows("Discard your changes?") && app.shows("+ GET {{host}}/json?draft=1"), "\(app.screen)")
        // n keeps the draft.
        try await app.press(.character("n"))
        #expect(app.state.hasUnsavedEdits && app.state.overlay == nil)
        try await app.press(.control("p"))
        try await app.type("discard changes")
        try await app.press(.key(.enter), .character("y"))
        #expect(!app.state.hasUnsavedEdits)
        #expect(app.state.editor.urlEditor.text == "{{host}}/json")
        let drafts = folder.url.appendingPathComponent(".ferry/drafts").path
        try await app.waitFor("the draft file to go") {
            ((try? FileManager.default.contentsOfDirectory(atPath: drafts)) ?? []).isEmpty
        }
        #expect(try Data(contentsOf: file) == before, "the file itself is untouched")
        try await app.quit()
    }
}
