import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// On the real loop: in the tree, letters are commands and only `/` starts the filter, so typing a search never changes
/// a file; every file-changing tree command is taken back by `u`, exactly, and an undo that would overwrite something
/// newer is refused in words.
@Suite("Tree keys: the filter and undo", .serialized)
final class TreeUndoTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder(extraFiles: ["api/notes.txt": "not a request file\n"])
    }

    private func launch() async throws -> AppHarness {
        let harness = try AppHarness(workspace: folder.url)
        try await harness.settle()
        return harness
    }

    /// Every file below the workspace but the state folder, with its bytes.
    private func files() throws -> [String: Data] {
        try Self.files(in: folder.url)
    }

    static func files(in root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = root.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            guard !path.hasPrefix(".ferry") else { continue }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            result[path] = isFolder.boolValue ? Data("<folder>".utf8) : try Data(contentsOf: url)
        }
        return result
    }

    // MARK: - Typing in the tree

    @Test func typingAfterSlashFiltersAndNoLetterRunsACommand() async throws {
        let app = try await launch()
        defer { app.stop() }
        let before = try files()
        // Every letter the tree binds, typed into the filter: none runs.
        try await app.type("/dyn")
        #expect(app.state.overlay == .treeFilter("dyn"), "\(app.screen)")
        try await app.type("axmrfiYu")
        #expect(app.state.overlay == .treeFilter("dynaxmrfiYu"))
        try await app.press(.key(.escape))
        #expect(try files() == before)
        #expect(app.state.workspace.requests.count == 6)
        try await app.quit()
    }

    @Test func aLetterNoKeyIsBoundToSaysHowToFilterAndChangesNothing() async throws {
        let app = try await launch()
        defer { app.stop() }
        let before = try files()
        try await app.type("z")
        #expect(app.state.overlay == nil && app.state.tree.filter.isEmpty)
        #expect(app.shows("z is no command in the tree: / filters, F1 lists the keys."), "\(app.screen)")
        #expect(try files() == before)
        try await app.quit()
    }

    @Test func theHelpAndThePaletteListUndo() async throws {
        let app = try await launch()
        defer { app.stop() }
        let entries = PaletteEntries.all(keyMap: app.state.keyMap)
        #expect(entries.contains { $0.command == .undo && $0.key == "u" })
        try await app.press(.key(.function(1)))
        var pages = app.screen
        for _ in 0..<12 {
            try await app.press(.key(.pageDown))
            pages += app.screen
        }
        #expect(pages.contains("Undo the last file change of the tree"), "\(pages)")
        try await app.press(.key(.escape))
        try await app.quit()
    }

    // MARK: - Undo

    @Test func uTakesBackADuplicatedRequestByteForByte() async throws {
        let app = try await launch()
        defer { app.stop() }
        let before = try files()
        try await app.selectTreeRow { $0.requestID?.description == "requests.http#post-json" }
        try await app.press(.character("d"))
        #expect(try folder.read("requests.http").contains("post-json copy"), "\(app.screen)")
        try await app.press(.character("u"))
        #expect(try files() == before, "\(app.screen)")
        #expect(app.shows("Undone: the duplicate of requests.http#post-json"), "\(app.screen)")
        #expect(!app.state.workspace.requests.contains { $0.request.name == "post-json copy" })
        // Nothing more to undo.
        try await app.press(.character("u"))
        #expect(app.shows("Nothing to undo in the workspace."), "\(app.screen)")
        try await app.quit()
    }

    @Test func uTakesBackACopiedFolderWithItsOtherFiles() async throws {
        let app = try await launch()
        defer { app.stop() }
        let before = try files()
        try await app.selectTreeRow { $0.itemPath == "api" }
        try await app.press(.character("d"))
        #expect(folder.exists("api copy/notes.txt"), "\(app.screen)")
        try await app.press(.character("u"))
        #expect(try files() == before, "\(app.screen)")
        #expect(app.shows("Undone: the copy of api"), "\(app.screen)")
        try await app.quit()
    }

    @Test func uMovesARenamedFolderBackWithItsDrafts() async throws {
        let app = try await launch()
        defer { app.stop() }
        let before = try files()
        try await app.selectTreeRow { $0.requestID?.description == "api/users.http#list" }
        try await app.press(.key(.enter))
        try await app.type("?draft")
        try await app.press(.key(.tab, modifiers: .shift))
        try await app.selectTreeRow { $0.itemPath == "api" }
        try await app.press(.character("r"))
        try await app.press(.key(.backspace), .key(.backspace), .key(.backspace))
        try await app.type("v2")
        try await app.press(.key(.enter))
        #expect(folder.exists("v2/users.http"), "\(app.screen)")
        try await app.press(.character("u"))
        #expect(try files() == before, "\(app.screen)")
        let back = RequestID(parsing: "api/users.http#list")
        #expect(app.state.editor.drafts[back]?.url == "{{host}}/users?draft")
        #expect(folder.exists(".ferry/drafts/\(DraftStore.fileName(for: back))"))
        #expect(app.shows("Undone: the rename of api to v2"), "\(app.screen)")
        try await app.quit()
    }

    @Test func uBringsATrashedRequestBackAndEmptiesItsTrashEntry() async throws {
        let app = try await launch()
        defer { app.stop() }
        let before = try files()
        try await app.selectTreeRow { $0.requestID?.description == "requests.http#slow" }
        try await app.press(.character("x"))
        try await app.press(.character("y"))
        #expect(try !folder.read("requests.http").contains("@name slow"), "\(app.screen)")
        try await app.press(.character("u"))
        #expect(try files() == before, "\(app.screen)")
        #expect(app.state.workspace.trashEntries().isEmpty)
        #expect(app.shows("Undone: the delete of requests.http#slow"), "\(app.screen)")
        try await app.quit()
    }

    @Test func uTakesBackANewFolderANewRequestAndAMoveNewestFirst() async throws {
        let app = try await launch()
        defer { app.stop() }
        let before = try files()
        try await app.selectTreeRow { $0.requestID?.description == "requests.http#text" }
        try await app.press(.character("a"))
        try await app.type("fresh")
        try await app.press(.key(.enter))
        // A new request takes the keyboard to its URL: back to the tree.
        try await app.press(.key(.tab, modifiers: .shift))
        try await app.press(.character("f"))
        try await app.type("empty")
        try await app.press(.key(.enter))
        try await app.selectTreeRow { $0.requestID?.description == "requests.http#get-json" }
        try await app.press(.character("m"))
        try await app.press(.key(.end))
        for _ in 0..<13 { try await app.press(.key(.backspace)) }
        try await app.type("moved.http")
        try await app.press(.key(.enter))
        #expect(folder.exists("moved.http") && folder.exists("empty"), "\(app.screen)")
        try await app.press(.character("u"))
        #expect(!folder.exists("moved.http") && folder.exists("empty"), "\(app.screen)")
        #expect(app.shows("Undone: the move of requests.http#get-json to moved.http"), "\(app.screen)")
        try await app.press(.character("u"), .character("u"))
        #expect(try files() == before, "\(app.screen)")
        try await app.quit()
    }

    @Test func anUndoOverAFileChangedSinceIsRefusedAndWritesNothing() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.selectTreeRow { $0.requestID?.description == "requests.http#post-json" }
        try await app.press(.character("d"))
        // Someone edits the file after the duplicate.
        let edited = try folder.read("requests.http") + "\n### theirs\nGET https://example.com/theirs\n"
        try folder.write("requests.http", edited)
        // The watcher reads it again first (its note would otherwise replace the refusal, depending on which
        // came last); the undo then finds the file changed since.
        try await app.waitFor("the edit read again") { app.shows("Reloaded from disk: requests.http.") }
        try await app.press(.character("u"))
        #expect(
            app.shows("Cannot undo: requests.http changed since. Nothing was undone."), "\(app.screen)")
        #expect(try folder.read("requests.http") == edited)
        try await app.quit()
    }

    @Test func anUndoThatWouldDropUnsavedEditsIsRefused() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.selectTreeRow { $0.requestID?.description == "requests.http#post-json" }
        try await app.press(.character("d"))
        let duplicated = try folder.read("requests.http")
        // An unsaved edit of the copy.
        try await app.press(.key(.tab))
        try await app.type("?mine")
        try await app.press(.key(.tab, modifiers: .shift))
        try await app.press(.character("u"))
        #expect(
            app.state.message?.text
                == "Cannot undo the duplicate of requests.http#post-json: requests.http#post-json copy has unsaved "
                + "edits. Save (Ctrl-S) them first, then undo.", "\(app.screen)")
        #expect(try folder.read("requests.http") == duplicated)
        #expect(app.state.hasUnsavedEdits)
        try await app.quit()
    }
}
