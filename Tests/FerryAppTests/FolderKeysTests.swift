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
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: [
                "api/users.http":
                    "### list\n# @name list\nGET {{host}}/users\n\n### one\n# @name one\nGET {{host}}/users/1\n",
                "api/deep/more.http": "# @name more\nGET {{host}}/more\n",
                "other/keep.http": "# @name keep\nGET {{host}}/keep\n",
            ])
    }

    private func launch() throws -> AppHarness {
        let harness = try AppHarness(workspace: folder.url)
        try harness.settle()
        return harness
    }

    // MARK: - Rename

    @Test func rRenamesAFolderAndItsDraftsFollow() throws {
        let app = try launch()
        defer { app.stop() }
        #expect(app.state.openRequest?.description == "api/deep/more.http#more", "\(app.screen)")
        // An unsaved edit inside the folder.
        try app.selectTreeRow { $0.requestID?.description == "api/users.http#list" }
        try app.press(.key(.enter))
        try app.type("?draft")
        try app.press(.key(.tab, modifiers: .shift))
        #expect(app.state.isUnsaved(RequestID(parsing: "api/users.http#list")))
        try app.selectTreeRow { $0.itemPath == "api" }
        try app.press(.character("r"))
        #expect(app.shows("Rename the folder api"), "\(app.screen)")
        try app.press(.key(.backspace), .key(.backspace), .key(.backspace))
        try app.type("v2")
        try app.press(.key(.enter))
        #expect(folder.exists("v2/users.http") && !folder.exists("api"), "\(app.screen)")
        #expect(app.shows("Moved api to v2."), "\(app.screen)")
        let moved = RequestID(parsing: "v2/users.http#list")
        #expect(app.state.drafts[moved]?.url == "{{host}}/users?draft")
        #expect(app.state.drafts.keys.allSatisfy { $0.path.hasPrefix("v2/") })
        #expect(app.state.openRequest == moved)
        #expect(folder.exists(".ferry/drafts/\(DraftStore.fileName(for: moved))"))
        #expect(!folder.exists(".ferry/drafts/\(DraftStore.fileName(for: RequestID(parsing: "api/users.http#list")))"))
        #expect(app.state.tree.selectedID?.itemPath == "v2")
        // Saving the draft writes into the renamed file.
        try app.selectTreeRow { $0.requestID == moved }
        try app.press(.key(.enter), .control("s"))
        #expect(try folder.read("v2/users.http").contains("GET {{host}}/users?draft"), "\(app.screen)")
        #expect(!app.state.hasUnsavedEdits)
        try app.quit()
    }

    @Test func renamingOntoAnExistingNameIsRefusedInWordsAndNothingMoves() throws {
        let app = try launch()
        defer { app.stop() }
        try app.selectTreeRow { $0.itemPath == "api" }
        try app.press(.character("r"), .key(.backspace), .key(.backspace), .key(.backspace))
        try app.type("other")
        try app.press(.key(.enter))
        #expect(app.shows("'other' already exists"), "\(app.screen)")
        #expect(app.state.message?.isError == true)
        #expect(folder.exists("api/users.http") && folder.exists("other/keep.http"))
        try app.quit()
    }

    // MARK: - Move

    @Test func mMovesAFolderIntoAnotherAndEmptyMovesItToTheRoot() throws {
        let app = try launch()
        defer { app.stop() }
        try app.selectTreeRow { $0.itemPath == "api/deep" }
        try app.press(.character("m"))
        #expect(app.shows("Move the folder api/deep into"), "\(app.screen)")
        for _ in 0..<10 { try app.press(.key(.backspace)) }
        try app.type("other")
        try app.press(.key(.enter))
        #expect(folder.exists("other/deep/more.http") && !folder.exists("api/deep"), "\(app.screen)")
        // The open request (more) moved with it.
        #expect(app.state.openRequest?.description == "other/deep/more.http#more")
        #expect(app.state.tree.selectedID?.itemPath == "other/deep")
        try app.press(.character("m"))
        for _ in 0..<12 { try app.press(.key(.backspace)) }
        try app.press(.key(.enter))
        #expect(folder.exists("deep/more.http"), "\(app.screen)")
        // A file moves into a folder the same way.
        try app.selectTreeRow { $0.itemPath == "requests.http" }
        try app.press(.character("m"))
        try app.type("other")
        try app.press(.key(.enter))
        #expect(folder.exists("other/requests.http") && !folder.exists("requests.http"), "\(app.screen)")
        // Renaming a file keeps it a request file.
        try app.selectTreeRow { $0.itemPath == "other/requests.http" }
        try app.press(.character("r"))
        for _ in 0..<13 { try app.press(.key(.backspace)) }
        try app.type("renamed")
        try app.press(.key(.enter))
        #expect(folder.exists("other/renamed.http"), "\(app.screen)")
        #expect(app.state.tree.selectedID == .file("other/renamed.http"))
        try app.quit()
    }

    // MARK: - Duplicate and delete

    @Test func xAsksWithTheRequestCountThenTrashesTheFolder() throws {
        let app = try launch()
        defer { app.stop() }
        try app.selectTreeRow { $0.itemPath == "api" }
        try app.press(.character("x"))
        #expect(app.shows("Delete?"), "\(app.screen)")
        #expect(app.shows("3 requests"), "\(app.screen)")
        try app.press(.character("n"))
        #expect(app.state.overlay == nil && folder.exists("api"))
        try app.press(.key(.delete))
        try app.press(.character("y"))
        #expect(!folder.exists("api"), "\(app.screen)")
        #expect(app.shows("Moved api to the trash"))
        let trash = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent(".ferry/trash").path)
        #expect(trash.count == 1)
        #expect(folder.exists(".ferry/trash/\(trash[0])/payload/api/users.http"))
        #expect(app.state.tree.rows.allSatisfy { !($0.id.itemPath ?? "").hasPrefix("api") })
        #expect(app.state.openRequest != nil && app.state.openRequest?.path.hasPrefix("api/") == false)
        try app.quit()
    }

    @Test func dDuplicatesAFolderAndThePaletteAndHelpListTheKeys() throws {
        let app = try launch()
        defer { app.stop() }
        try app.selectTreeRow { $0.itemPath == "other" }
        try app.press(.character("d"))
        #expect(folder.exists("other copy/keep.http") && folder.exists("other/keep.http"), "\(app.screen)")
        try app.press(.control("p"))
        try app.type("rename")
        #expect(app.shows("Rename a request, file or folder"), "\(app.screen)")
        try app.press(.key(.enter))
        #expect(app.shows("Rename the folder other copy"), "\(app.screen)")
        try app.press(.key(.escape), .character("?"))
        for _ in 0..<60 where !app.shows("Move: a request to a file") { try app.press(.key(.down)) }
        #expect(app.shows("Move: a request to a file, a file or folder"), "\(app.screen)")
        #expect(app.shows("Delete to the trash (asks first)"))
        try app.press(.key(.escape))
        try app.quit()
    }
}

extension AppHarness {
    /// Moves the tree selection with Up/Down until `matches` holds for the selected row.
    func selectTreeRow(_ matches: (CollectionNode) -> Bool) throws {
        guard let target = state.tree.rows.firstIndex(where: { matches($0.id) }) else {
            throw HarnessError("no such row\n\(screen)")
        }
        while let selected = state.tree.selectedRow, selected != target {
            try press(.key(selected < target ? .down : .up))
        }
    }
}
