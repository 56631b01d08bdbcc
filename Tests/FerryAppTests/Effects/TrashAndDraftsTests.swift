import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// F9 lists the trash and Enter restores an entry where it was, refusing (in words) to overwrite what
/// stands there now; a folder deleted with unsaved edits inside takes them to the trash and restoring it
/// brings them back as unsaved edits. The reducer and the real effect runner on real files, the screen drawn
/// in memory.
@Suite("Trash and drafts")
struct TrashAndDraftsTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
    }

    static let list = RequestID(parsing: "api/users.http#list")

    /// Opens `api/users.http#list`, types into its URL (an unsaved edit, written to `.ferry/drafts`), then
    /// deletes the folder `api` with x and y.
    func editThenDeleteTheFolder(_ driver: EffectDriver) async throws {
        driver.selectTreeRow { $0.requestID == Self.list }
        try await driver.press(.key(.enter))
        try await driver.press(.key(.end))
        try await driver.type("?draft=1")
        #expect(driver.state.isUnsaved(Self.list))
        #expect(folder.exists(".ferry/drafts/\(DraftStore.fileName(for: Self.list))"))
        driver.selectTreeRow { $0.itemPath == "api" }
        try await driver.press(.character("x"))
        let asked = driver.screen
        // The dialog wraps its question: read it as one line.
        let question = asked.split(separator: "\n").map { $0.split(separator: "│").dropFirst().first ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        #expect(
            question.contains("1 of them has unsaved edits, which go to the trash with it (F9 restores both)."),
            "\(asked)")
        try await driver.press(.character("y"))
        #expect(!folder.exists("api"), "\(driver.screen)")
    }

    /// The one entry folder in `.ferry/trash`.
    func trashEntryFolder() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent(".ferry/trash").path)
        #expect(names.count == 1)
        return ".ferry/trash/" + (names.first ?? "")
    }

    // MARK: - Tests

    @Test func aFolderDeletedWithUnsavedEditsComesBackWithThemFromF9() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        try await editThenDeleteTheFolder(driver)
        let draftName = DraftStore.fileName(for: Self.list)
        // The edit went to the trash beside the folder, not away.
        #expect(driver.screen.contains("Moved api to the trash (.ferry/trash) with 1 unsaved edit; F9 restores it."))
        #expect(!folder.exists(".ferry/drafts/\(draftName)"))
        let entry = try trashEntryFolder()
        #expect(folder.exists("\(entry)/drafts/\(draftName)"))
        #expect(driver.state.editor.drafts.isEmpty)

        // F9 lists the entry.
        try await driver.press(.key(.function(9)))
        var shown = driver.screen
        #expect(shown.contains("Trash: Enter restores, d deletes for good, D empties, Esc closes"), "\(shown)")
        #expect(shown.contains("folder api (2 requests) + 1 unsaved edit"), "\(shown)")
        try await driver.press(.key(.enter))
        shown = driver.screen
        #expect(shown.contains("Restored api from the trash with 1 unsaved edit (Ctrl-S saves)."), "\(shown)")
        #expect(driver.state.overlay == nil)
        #expect(driver.state.tree.selectedID == .folder("api"))
        #expect(shown.contains("list ●"), "\(shown)")
        #expect(driver.state.editor.drafts[Self.list]?.url == "{{host}}/users?draft=1")
        #expect(try folder.read("api/users.http").contains("GET {{host}}/users\n"))
        #expect(folder.exists(".ferry/drafts/\(draftName)"))
        #expect(!folder.exists(entry))

        // The draft is on disk again: a fresh launch offers it, and saving writes it into the restored file.
        let relaunched = try EffectDriver(workspace: folder.url)
        #expect(relaunched.state.editor.drafts[Self.list]?.url == "{{host}}/users?draft=1")
        relaunched.selectTreeRow { $0.requestID == Self.list }
        try await relaunched.press(.key(.enter), .control("s"))
        #expect(try folder.read("api/users.http").contains("GET {{host}}/users?draft=1\n"), "\(relaunched.screen)")
        #expect(!relaunched.state.hasUnsavedEdits)
    }

    @Test func restoringOverAFolderMadeSinceIsRefusedInWordsAndBothAreKept() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        try await editThenDeleteTheFolder(driver)
        let entry = try trashEntryFolder()
        // A new folder named api, made with f on a row at the workspace's root.
        driver.selectTreeRow { $0.itemPath == "requests.http" }
        try await driver.press(.character("f"))
        try await driver.type("api")
        try await driver.press(.key(.enter))
        #expect(folder.exists("api") && folder.exists("\(entry)/payload/api/users.http"), "\(driver.screen)")
        try folder.write("api/mine.http", "# @name mine\nGET {{host}}/mine\n")

        try await driver.press(.key(.function(9)))
        var shown = driver.screen
        #expect(shown.contains("folder api (2 requests) + 1 unsaved edit  ⚠ api exists now"), "\(shown)")
        try await driver.press(.key(.enter))
        shown = driver.screen
        #expect(shown.contains("Cannot restore api: api exists now and is never overwritten."), "\(shown)")
        #expect(driver.state.message?.isError == true)
        // The view stays open on the entry; nothing moved.
        #expect(driver.state.showsTrashList(selection: 0))
        #expect(driver.state.trashRows.count == 1)
        #expect(try folder.read("api/mine.http").contains("/mine"))
        #expect(!folder.exists("api/users.http"))
        #expect(folder.exists("\(entry)/payload/api/users.http") && folder.exists("\(entry)/drafts"))
        try await driver.press(.key(.escape))
        #expect(driver.state.overlay == nil)
    }

    @Test func aDeletedRequestComesBackAtItsPositionAndTheEmptyTrashSaysSo() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        try await driver.press(.key(.function(9)))
        #expect(driver.screen.contains("The trash is empty"), "\(driver.screen)")
        try await driver.press(.key(.function(9)))
        #expect(driver.state.overlay == nil)

        driver.selectTreeRow { $0.requestID == Self.list }
        try await driver.press(.character("x"), .character("y"))
        #expect(!(try folder.read("api/users.http").contains("# @name list")))
        try await driver.press(.key(.function(9)))
        #expect(driver.screen.contains("request list from api/users.http"), "\(driver.screen)")
        try await driver.press(.key(.enter))
        #expect(try folder.read("api/users.http").hasPrefix("### list\n# @name list\n"))
        #expect(driver.state.openRequest == Self.list)
        #expect(driver.screen.contains("Restored api/users.http from the trash."), "\(driver.screen)")
    }

    @Test func helpAndThePaletteListTheTrashKey() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        // The tree (focused at launch) hints at the key that brings deleted things back.
        #expect(driver.state.panes.focus == .tree)
        #expect(driver.screen.contains("F9 trash"), "\(driver.screen)")
        try await driver.press(.key(.function(1)))
        #expect(driver.screen.contains("Trash: restore a deleted request, file or folder"), "\(driver.screen)")
        try await driver.press(.key(.escape), .control("p"))
        try await driver.type("trash")
        #expect(driver.screen.contains("Trash: restore"), "\(driver.screen)")
        try await driver.press(.key(.enter))
        #expect(driver.state.showsTrashList(selection: 0))
    }
}

/// A single request deleted with an unsaved edit: the edit goes to the trash with it and comes back with it.
@Suite("Trash and drafts: one request")
struct TrashedRequestDraftTests {
    @Test func aDeletedRequestTakesItsUnsavedEditToTheTrashAndBack() async throws {
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        let text = RequestID(parsing: "requests.http#text")
        let driver = try EffectDriver(workspace: folder.url)
        driver.selectTreeRow { $0.requestID == text }
        try await driver.press(.key(.enter), .key(.end))
        try await driver.type("?edited")
        let draftName = DraftStore.fileName(for: text)
        #expect(folder.exists(".ferry/drafts/\(draftName)"))
        driver.selectTreeRow { $0.requestID == text }
        try await driver.press(.character("x"))
        #expect(driver.screen.contains("Move requests.http#text and its unsaved edits to the"), "\(driver.screen)")
        try await driver.press(.character("y"))
        #expect(!(try folder.read("requests.http").contains("# @name text")))
        #expect(!folder.exists(".ferry/drafts/\(draftName)") && driver.state.editor.drafts.isEmpty)

        try await driver.press(.key(.function(9)))
        #expect(driver.screen.contains("request text from requests.http + 1 unsaved edit"), "\(driver.screen)")
        try await driver.press(.key(.enter))
        #expect(driver.state.editor.drafts[text]?.url == "{{host}}/text?edited", "\(driver.screen)")
        #expect(driver.state.openRequest == text)
        #expect(driver.screen.contains("Restored requests.http from the trash with 1 unsaved edit"), "\(driver.screen)")
        #expect(folder.exists(".ferry/drafts/\(draftName)"))
        #expect(try folder.read("requests.http").contains("# @name text\nGET {{host}}/text\n"))
    }
}

/// The status bar's trash hint gives way first when the row is short.
@Suite("Trash hint")
struct TrashHintTests {
    @Test func theTrashHintShowsInTheTreeAndGivesWayFirstAt80Columns() throws {
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests,
            environments: ["local": "http://127.0.0.1:9", "production": "http://127.0.0.1:9"])
        var state = try folder.loadState(size: Size(width: 80, height: 24))
        func bar() -> String {
            var frame = Frame(size: state.size)
            frame.render(WorkbenchView(state: state), area: frame.area)
            return frame.buffer.lines[state.size.height - 1]
        }
        state.session.environment = "local"
        #expect(bar().contains("Ctrl+S save  F9 trash  Ctrl+Q quit"), "\(bar())")
        state.session.environment = "production"
        #expect(bar().contains("F1 help  Ctrl+R send  Ctrl+E env  Ctrl+S save  Ctrl+Q quit"), "\(bar())")
        #expect(!bar().contains("F9 trash"))
        state.session.environment = "local"
        state.panes.focus = .response
        #expect(!bar().contains("F9 trash") && bar().contains("Ctrl+Q quit"), "\(bar())")
    }
}
