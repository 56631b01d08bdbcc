import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux: a history entry opens its request after the request's folder was renamed; F9 lists
/// the trash and restores a folder, refusing to overwrite; a folder's unsaved edits go to the trash with it and come
/// back with it. No server is needed: a send to a closed port is recorded in the history as a failure. Waits are async
/// polls with a deadline.
@Suite("ferry in tmux: history after moves, trash, drafts", .serialized)
struct TmuxHistoryTrashAndDraftsTests {
    @Test func aHistoryEntryOpensItsRequestAfterTheFolderWasRenamed() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TmuxWorkbench.workspace()
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        // The first request (api/users.http#list) is open: send it to the closed port.
        try await TmuxWorkbench.waitFor(session, "api/users.http#list")
        try await session.send("C-r")
        try await TmuxWorkbench.waitFor(session, "refused")
        // The history line names the request by its stable id, not by its path.
        try await TmuxWorkbench.waitUntil(session, "the history line") { _ in
            (try? folder.read(".ferry/history.jsonl"))?.contains(#""requestPath":"api/users.http#list""#) == true
        }
        let line = try folder.read(".ferry/history.jsonl")
        #expect(!line.contains(#""requestID":"api/"#), "\(line)")
        // Rename the folder api → v2 from the tree.
        try await session.send("Home")
        try await session.send("r")
        try await TmuxWorkbench.waitFor(session, "Rename the folder api")
        try await session.send("BSpace", "BSpace", "BSpace")
        try await session.send("v2", literal: true)
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "Moved api to v2.")
        try await session.send("F6")
        try await TmuxWorkbench.waitFor(session, "History (Enter opens")
        try await session.send("Enter")
        // Both on one capture: a capture can catch a frame half drawn.
        try await session.waitForScreen(showing: ["sent as api/users.http#list", "Opened v2/users.http#list"])
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit", timeout: .seconds(90)) { _ in session.hasExited }
    }

    @Test func f9RestoresADeletedFolderWithItsUnsavedEditsAndRefusesToOverwrite() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TmuxWorkbench.workspace()
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        // An unsaved edit in api/users.http#list (open at launch), on disk as a draft.
        try await session.send("Tab")
        try await session.send("End")
        try await session.send("?draft=1", literal: true)
        try await TmuxWorkbench.waitFor(session, "● unsaved")
        try await TmuxWorkbench.waitUntil(session, "the draft on disk", timeout: .seconds(90)) { _ in
            folder.exists(".ferry/drafts/api%2Fusers%2Ehttp%23list.http")
        }
        // Delete the folder from the tree: the confirmation says where the edit goes.
        try await session.send("BTab")
        try await session.send("Home")
        try await session.send("x")
        try await TmuxWorkbench.waitFor(session, "which go to the trash with it")
        try await session.send("y")
        try await TmuxWorkbench.waitFor(session, "Moved api to the trash (.ferry/trash) with 1 unsaved edit")
        #expect(!folder.exists("api") && !folder.exists(".ferry/drafts/api%2Fusers%2Ehttp%23list.http"))
        // F9 lists it; Enter brings back the folder and the edit.
        try await session.send("F9")
        try await TmuxWorkbench.waitFor(session, "folder api (2 requests) + 1 unsaved edit")
        try await session.send("Enter")
        try await session.waitForScreen(showing: ["Restored api from the trash with 1 unsaved edit", "list ●"])
        #expect(folder.exists("api/users.http") && folder.exists(".ferry/drafts/api%2Fusers%2Ehttp%23list.http"))

        // Deleted again, then a new api folder appears: the restore is refused in words and nothing moves.
        try await session.send("Home")
        try await session.send("x")
        try await TmuxWorkbench.waitFor(session, "Delete?")
        try await session.send("y")
        try await TmuxWorkbench.waitFor(session, "Moved api to the trash")
        try folder.write("api/mine.http", "# @name mine\nGET {{host}}/mine\n")
        // The live reload's notice first: arriving after the Enter below, it would replace the refusal.
        try await TmuxWorkbench.waitFor(session, "Reloaded from disk: api")
        try await session.send("F9")
        try await TmuxWorkbench.waitFor(session, "⚠ api exists now")
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "Cannot restore api: api exists now and is never overwritten")
        #expect(try folder.read("api/mine.http").contains("/mine") && !folder.exists("api/users.http"))
        try await session.send("Escape")
        try await TmuxWorkbench.waitUntil(session, "the trash view to close") { !$0.contains("Trash: Enter restores") }
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit", timeout: .seconds(90)) { _ in session.hasExited }
    }
}
