import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Folders in the collection tree, driven by scripted keys on the real loop: rename, move, duplicate and
/// delete (to the trash, with a confirmation counting the requests), and drafts that follow their folder.
@Suite("Folder keys", .serialized)
final class FolderKeysTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder(extraFiles: [
            "api/deep/more.http": "# @name more\nGET {{host}}/more\n",
            "other/keep.http": "# @name keep\nGET {{host}}/keep\n",
        ])
    }

    private func launch() async throws -> AppHarness {
        let harness = try AppHarness(workspace: folder.url)
        try await harness.settle()
        return harness
    }

    // MARK: - Rename

    @Test func rRenamesAFolderAndItsDraftsFollow() async throws {
        let app = try await launch()
        defer { app.stop() }
        #expect(app.state.openRequest?.description == "api/deep/more.http#more", "\(app.screen)")
        // An unsaved edit inside the folder.
        try await app.selectTreeRow { $0.requestID?.description == "api/users.http#list" }
        try await app.press(.key(.enter))
        try await app.type("?draft")
        try await app.press(.key(.tab, modifiers: .shift))
        #expect(app.state.isUnsaved(RequestID(parsing: "api/users.http#list")))
        try await app.selectTreeRow { $0.itemPath == "api" }
        try await app.press(.character("r"))
        #expect(app.shows("Rename the folder api"), "\(app.screen)")
        try await app.press(.key(.backspace), .key(.backspace), .key(.backspace))
        try await app.type("v2")
        try await app.press(.key(.enter))
        #expect(folder.exists("v2/users.http") && !folder.exists("api"), "\(app.screen)")
        #expect(app.shows("Moved api to v2."), "\(app.screen)")
        let moved = RequestID(parsing: "v2/users.http#list")
        #expect(app.state.editor.drafts[moved]?.url == "{{host}}/users?draft")
        #expect(app.state.editor.drafts.keys.allSatisfy { $0.path.hasPrefix("v2/") })
        #expect(app.state.openRequest == moved)
        #expect(folder.exists(".ferry/drafts/\(DraftStore.fileName(for: moved))"))
        #expect(!folder.exists(".ferry/drafts/\(DraftStore.fileName(for: RequestID(parsing: "api/users.http#list")))"))
        #expect(app.state.tree.selectedID?.itemPath == "v2")
        // Saving the draft writes into the renamed file.
        try await app.selectTreeRow { $0.requestID == moved }
        try await app.press(.key(.enter), .control("s"))
        #expect(try folder.read("v2/users.http").contains("GET {{host}}/users?draft"), "\(app.screen)")
        #expect(!app.state.hasUnsavedEdits)
        try await app.quit()
    }

    @Test func renamingOntoAnExistingNameIsRefusedInWordsAndNothingMoves() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.selectTreeRow { $0.itemPath == "api" }
        try await app.press(.character("r"), .key(.backspace), .key(.backspace), .key(.backspace))
        try await app.type("other")
        try await app.press(.key(.enter))
        #expect(app.shows("'other' already exists"), "\(app.screen)")
        #expect(app.state.message?.isError == true)
        #expect(folder.exists("api/users.http") && folder.exists("other/keep.http"))
        try await app.quit()
    }

    // MARK: - Move

    @Test func mMovesAFolderIntoAnotherAndEmptyMovesItToTheRoot() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.selectTreeRow { $0.itemPath == "api/deep" }
        try await app.press(.character("m"))
        #expect(app.shows("Move the folder api/deep into"), "\(app.screen)")
        for _ in 0..<10 { try await app.press(.key(.backspace)) }
        try await app.type("other")
        try await app.press(.key(.enter))
        #expect(folder.exists("other/deep/more.http") && !folder.exists("api/deep"), "\(app.screen)")
        // The open request (more) moved with it.
        #expect(app.state.openRequest?.description == "other/deep/more.http#more")
        #expect(app.state.tree.selectedID?.itemPath == "other/deep")
        try await app.press(.character("m"))
        for _ in 0..<12 { try await app.press(.key(.backspace)) }
        try await app.press(.key(.enter))
        #expect(folder.exists("deep/more.http"), "\(app.screen)")
        // A file moves into a folder the same way.
        try await app.selectTreeRow { $0.itemPath == "requests.http" }
        try await app.press(.character("m"))
        try await app.type("other")
        try await app.press(.key(.enter))
        #expect(folder.exists("other/requests.http") && !folder.exists("requests.http"), "\(app.screen)")
        // Renaming a file keeps it a request file.
        try await app.selectTreeRow { $0.itemPath == "other/requests.http" }
        try await app.press(.character("r"))
        for _ in 0..<13 { try await app.press(.key(.backspace)) }
        try await app.type("renamed")
        try await app.press(.key(.enter))
        #expect(folder.exists("other/renamed.http"), "\(app.screen)")
        #expect(app.state.tree.selectedID == .file("other/renamed.http"))
        try await app.quit()
    }

    // MARK: - Duplicate and delete

    @Test func xAsksWithTheRequestCountThenTrashesTheFolder() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.selectTreeRow { $0.itemPath == "api" }
        try await app.press(.character("x"))
        #expect(app.shows("Delete?"), "\(app.screen)")
        #expect(app.shows("3 requests"), "\(app.screen)")
        try await app.press(.character("n"))
        #expect(app.state.overlay == nil && folder.exists("api"))
        try await app.press(.key(.delete))
        try await app.press(.character("y"))
        #expect(!folder.exists("api"), "\(app.screen)")
        #expect(app.shows("Moved api to the trash"))
        let trash = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent(".ferry/trash").path)
        #expect(trash.count == 1)
        #expect(folder.exists(".ferry/trash/\(trash[0])/payload/api/users.http"))
        #expect(app.state.tree.rows.allSatisfy { !($0.id.itemPath ?? "").hasPrefix("api") })
        #expect(app.state.openRequest != nil && app.state.openRequest?.path.hasPrefix("api/") == false)
        try await app.quit()
    }

    @Test func dDuplicatesAFolderAndThePaletteAndHelpListTheKeys() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.selectTreeRow { $0.itemPath == "other" }
        try await app.press(.character("d"))
        #expect(folder.exists("other copy/keep.http") && folder.exists("other/keep.http"), "\(app.screen)")
        try await app.press(.control("p"))
        try await app.type("rename")
        #expect(app.shows("Rename a request, file or folder"), "\(app.screen)")
        try await app.press(.key(.enter))
        #expect(app.shows("Rename the folder other copy"), "\(app.screen)")
        try await app.press(.key(.escape), .character("?"))
        for _ in 0..<60 where !app.shows("Move: a request to a file") { try await app.press(.key(.down)) }
        #expect(app.shows("Move: a request to a file, a file or folder"), "\(app.screen)")
        #expect(app.shows("Delete to the trash (asks first)"))
        try await app.press(.key(.escape))
        try await app.quit()
    }
}

extension AppHarness {
    /// Moves the tree selection with Up/Down until `matches` holds for the selected row; throws when a key
    /// does not move it (the tree is not focused, say) rather than pressing forever.
    func selectTreeRow(_ matches: (CollectionNode) -> Bool) async throws {
        guard let target = state.tree.rows.firstIndex(where: { matches($0.id) }) else {
            throw HarnessError("no such row\n\(screen)")
        }
        while let selected = state.tree.selectedRow, selected != target {
            try await press(.key(selected < target ? .down : .up))
            guard state.tree.selectedRow != selected else {
                throw HarnessError("the tree selection does not move (focus: \(state.panes.focus))\n\(screen)")
            }
        }
    }
}
