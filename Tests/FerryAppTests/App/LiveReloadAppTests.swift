import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Live reload on the real loop with the real inotify watcher, 80×24 in memory: files written from the test
/// while the app runs (an edit, a new file in a new folder, an environment) show up; a file changed under
/// unsaved edits asks (keep mine, take theirs, show the difference) and never overwrites them; Ferry's own
/// save reloads nothing.
@Suite("Live reload", .serialized)
final class LiveReloadAppTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
    }

    /// Writes `text` into `path` as an editor would (in place, not through Ferry's atomic save).
    func writeOutside(_ path: String, _ text: String) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func filesEditedAddedAndRemovedOutsideShowUpWhileItRuns() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        #expect(app.shows("get-json"), "\(app.screen)")
        try writeOutside(
            "requests.http", TemporaryWorkspace.sampleRequests.replacingOccurrences(of: "get-json", with: "fetch-json"))
        try await app.waitFor("the edit read again") { app.shows("fetch-json") }
        #expect(!app.shows("get-json"), "\(app.screen)")
        #expect(app.shows("Reloaded from disk: requests.http."), "\(app.screen)")

        // A folder created with a file in it (as `git pull` or an unpacked archive brings them).
        try writeOutside("pulled/new.http", "### fresh\n# @name fresh\nGET {{host}}/fresh\n")
        try await app.waitFor("the new folder's file") {
            app.state.workspace.requests.contains { $0.id == RequestID(path: "pulled/new.http", selector: "fresh") }
        }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("pulled/new.http"))
        try await app.waitFor("the removed file gone") {
            !app.state.workspace.requests.contains { $0.id.path == "pulled/new.http" }
        }

        // An environment added in the env file can be picked at once.
        try writeOutside(
            "http-client.env.json",
            "{\n  \"local\": { \"host\": \"http://127.0.0.1:9\" },\n  \"staging\": { \"host\": \"http://127.0.0.1:8\" }\n}\n"
        )
        try await app.waitFor("the new environment") { app.state.environments.names.contains("staging") }
        // A broken file is a problem with its place, and the rest still loads.
        try writeOutside("broken.http", "### b\nGET\n")
        try await app.waitFor("the problem listed") { app.state.problems.contains { $0.file == "broken.http" } }
        #expect(app.state.workspace.requests.contains { $0.id.path == "requests.http" })
    }

    @Test func aFileChangedUnderUnsavedEditsAsksAndTakingTheirsShowsTheFile() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        let id = RequestID(path: "requests.http", selector: "get-json")
        try await app.press(.key(.tab))
        try await app.type("?mine=1")
        #expect(app.state.editor.drafts[id]?.url == "{{host}}/json?mine=1")

        try writeOutside(
            "requests.http",
            TemporaryWorkspace.sampleRequests.replacingOccurrences(of: "{{host}}/json", with: "{{host}}/theirs"))
        try await app.waitFor("the choice") {
            if case .reloadConflict = app.state.overlay { return true }
            return false
        }
        #expect(app.shows("changed on disk under your unsaved edits"), "\(app.screen)")
        #expect(app.state.editor.drafts[id]?.url == "{{host}}/json?mine=1", "the edits are not touched while it asks")

        // The difference: the file's line and the edit's, then Esc goes back to the choice.
        try await app.press(.key(.down), .key(.down), .key(.enter))
        #expect(app.shows("- GET {{host}}/theirs"), "\(app.screen)")
        #expect(app.shows("+ GET {{host}}/json?mine=1"), "\(app.screen)")
        try await app.press(.key(.escape))
        #expect(app.shows("Take the file's version"), "\(app.screen)")

        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.overlay == nil)
        #expect(app.state.editor.drafts[id] == nil)
        #expect(app.state.currentRequest?.url == "{{host}}/theirs")
        #expect(app.shows("GET {{host}}/theirs"), "\(app.screen)")
        // The draft file went too: a restart shows the file's version.
        try await app.quit()
        let restarted = try AppHarness(workspace: folder.url)
        defer { restarted.stop() }
        try await restarted.settle()
        #expect(restarted.state.editor.drafts.isEmpty)
    }

    @Test func keepingMineLetsCtrlSWriteOverTheNewFileAndOwnSavesReloadNothing() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        let id = RequestID(path: "requests.http", selector: "get-json")
        try await app.press(.key(.tab))
        try await app.type("?mine=1")
        // get-json itself changes on disk (another Accept), and a request is added after it.
        try writeOutside(
            "requests.http",
            TemporaryWorkspace.sampleRequests.replacingOccurrences(
                of: "Accept: application/json", with: "Accept: text/plain") + "\n### added\n# @name added\nGET /a\n")
        try await app.waitFor("the choice") {
            if case .reloadConflict = app.state.overlay { return true }
            return false
        }
        try await app.press(.key(.enter))
        #expect(app.state.editor.drafts[id]?.url == "{{host}}/json?mine=1")
        #expect(app.shows("Kept your edits"), "\(app.screen)")
        try await app.press(.control("s"))
        try await app.waitFor("the save") { app.state.editor.drafts[id] == nil }
        let text = try String(contentsOf: folder.url.appendingPathComponent("requests.http"), encoding: .utf8)
        #expect(text.contains("GET {{host}}/json?mine=1") && text.contains("# @name added"), "\(text)")
        #expect(!text.contains("Accept: text/plain"), "mine, as kept, replaced the file's get-json:\n\(text)")

        // Watching goes on after the save; a burst holding the save and an outside edit names only the latter
        // (that a save alone reloads nothing is WorkspaceWatcherTests' to show).
        try writeOutside("other.http", "### o\n# @name o\nGET /o\n")
        try await app.waitFor("the other file") {
            app.state.workspace.requests.contains { $0.id.path == "other.http" }
        }
        #expect(app.state.message?.text == "Reloaded from disk: other.http.")
        #expect(app.state.editor.reloadConflicts.isEmpty)
    }
}
