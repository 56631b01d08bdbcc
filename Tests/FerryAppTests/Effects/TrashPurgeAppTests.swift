import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// In the trash view (F9), d deletes the selected entry for good and D empties the trash, each after a
/// question that names what goes; n keeps it and goes back to the list. The reducer and the real effect
/// runner on real files, the screen drawn in memory.
@Suite("Trash: deleting for good")
struct TrashPurgeAppTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
    }

    /// The dialog's text as one line (it wraps its question).
    static func dialogText(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.split(separator: "│").dropFirst().first ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The entry folders in `.ferry/trash`.
    func trashFolders() -> [String] {
        (try? FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent(".ferry/trash").path)) ?? []
    }

    /// Deletes the folder `api` with an unsaved edit inside it (x, y in the tree), so its entry holds a draft.
    func deleteTheFolderWithAnEdit(_ driver: EffectDriver) async throws {
        let list = RequestID(parsing: "api/users.http#list")
        driver.selectTreeRow { $0.requestID == list }
        try await driver.press(.key(.enter), .key(.end))
        try await driver.type("?draft=1")
        driver.selectTreeRow { $0.itemPath == "api" }
        try await driver.press(.character("x"), .character("y"))
        #expect(!folder.exists("api"), "\(driver.screen)")
    }

    @Test func dAsksNamingTheEntryThenDeletesItsFolderForGood() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        try await deleteTheFolderWithAnEdit(driver)
        let entries = trashFolders()
        #expect(entries.count == 1)
        #expect(folder.exists(".ferry/trash/\(entries[0])/drafts"))

        try await driver.press(.key(.function(9)), .character("d"))
        var asked = Self.dialogText(driver.screen)
        #expect(
            asked.contains(
                "Delete folder api (2 requests) + 1 unsaved edit for good? It can't be restored. y deletes, n keeps it."
            ), "\(driver.screen)")
        // n keeps it and goes back to the list.
        try await driver.press(.character("n"))
        #expect(driver.state.showsTrashList(selection: 0))
        #expect(folder.exists(".ferry/trash/\(entries[0])/payload/api/users.http"))
        // Delete asks too; Esc keeps it.
        try await driver.press(.key(.delete))
        asked = Self.dialogText(driver.screen)
        #expect(asked.contains("Delete folder api (2 requests)"), "\(driver.screen)")
        try await driver.press(.key(.escape))
        #expect(driver.state.showsTrashList(selection: 0))

        try await driver.press(.character("d"), .character("y"))
        let shown = driver.screen
        #expect(!folder.exists(".ferry/trash/\(entries[0])"), "\(shown)")
        #expect(shown.contains("Deleted folder api (2 requests) + 1 unsaved edit for good."), "\(shown)")
        #expect(shown.contains("The trash is empty"), "\(shown)")
        #expect(driver.state.showsTrashList(selection: 0))
        #expect(driver.state.trashRows.isEmpty)
        // Its draft went with it: a fresh launch offers none.
        let relaunched = try EffectDriver(workspace: folder.url)
        #expect(relaunched.state.editor.drafts.isEmpty)
        #expect(!folder.exists("api"))
    }

    @Test func dDeletesOnlyTheSelectedEntry() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        driver.selectTreeRow { $0.requestID == RequestID(parsing: "api/users.http#list") }
        try await driver.press(.character("x"), .character("y"))
        driver.selectTreeRow { $0.requestID == RequestID(parsing: "api/users.http#one") }
        try await driver.press(.character("x"), .character("y"))
        #expect(trashFolders().count == 2)
        try await driver.press(.key(.function(9)))
        // Most recent first: `one`, then `list`; the second row is selected and deleted.
        try await driver.press(.key(.down), .character("d"))
        #expect(Self.dialogText(driver.screen).contains("Delete request list from api/users.http for good?"))
        try await driver.press(.character("y"))
        #expect(driver.state.trashRows.map(\.description) == ["request one from api/users.http"], "\(driver.screen)")
        #expect(driver.state.showsTrashList(selection: 0))
        #expect(trashFolders().count == 1)
        // The one left can still be restored.
        try await driver.press(.key(.enter))
        #expect(try folder.read("api/users.http").contains("# @name one"), "\(driver.screen)")
    }

    @Test func shiftDAsksWithTheCountThenEmptiesTheTrash() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        try await driver.press(.key(.function(9)))
        // The status bar names the trash view's own keys.
        #expect(driver.screen.contains("d delete for good  D empty the trash"), "\(driver.screen)")
        try await driver.press(.character("D"))
        #expect(driver.screen.contains("The trash is already empty."), "\(driver.screen)")
        try await driver.press(.key(.escape))

        try await deleteTheFolderWithAnEdit(driver)
        driver.selectTreeRow { $0.requestID == RequestID(parsing: "requests.http#get-json") }
        try await driver.press(.character("x"), .character("y"))
        #expect(trashFolders().count == 2)
        try await driver.press(.key(.function(9)), .character("D"))
        #expect(
            Self.dialogText(driver.screen).contains(
                "Empty the trash: delete all 2 entries for good? They can't be restored. y empties it, n keeps them."),
            "\(driver.screen)")
        try await driver.press(.character("n"))
        #expect(driver.state.showsTrashList(selection: 0) && driver.state.trashRows.count == 2)
        try await driver.press(.character("D"), .character("y"))
        let shown = driver.screen
        #expect(shown.contains("Emptied the trash: 2 entries deleted for good."), "\(shown)")
        #expect(shown.contains("The trash is empty"), "\(shown)")
        #expect(trashFolders().isEmpty)
        // The workspace is untouched.
        #expect(try folder.read("requests.http").contains("# @name post-json"))
    }
}
