import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// The trash listed with what each entry holds and what stands in its way; restoring never overwrites
/// (a file or folder now at the path, or a request of the same name now in the file) and hands over what a
/// caller kept beside the entry.
@Suite struct TrashRestoreTests {
    func makeWorkspace() throws -> (TemporaryFolder, Workspace) {
        try makeTrashTestWorkspace()
    }

    @Test func summariesSayWhatEachEntryHoldsAndWhatStandsInItsWay() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let request = try workspace.deleteRequest(RequestID(parsing: "api/users.http#one"))
        let folderEntry = try workspace.deleteItem("api")
        let fileEntry = try workspace.deleteItem("top.http")
        var byPath = Dictionary(uniqueKeysWithValues: workspace.trashSummaries().map { ($0.entry.id, $0) })
        #expect(byPath[request.id]?.content == .request(name: "one"))
        #expect(byPath[folderEntry.id]?.content == .folder(requests: 2))
        #expect(byPath[fileEntry.id]?.content == .file(requests: 1))
        #expect(byPath.values.allSatisfy { $0.blockedBy == nil })
        // Something new at each place.
        try folder.write("top.http", "# @name other\nGET http://h/other\n")
        try folder.write("api/users.http", "# @name one\nGET http://h/new-one\n")
        try workspace.reload()
        byPath = Dictionary(uniqueKeysWithValues: workspace.trashSummaries().map { ($0.entry.id, $0) })
        #expect(byPath[request.id]?.blockedBy == "api/users.http#one")
        #expect(byPath[folderEntry.id]?.blockedBy == "api")
        #expect(byPath[fileEntry.id]?.blockedBy == "top.http")
    }

    @Test func aRequestIsNotRestoredBesideOneOfTheSameNameAndStaysInTheTrash() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let entry = try workspace.deleteRequest(RequestID(parsing: "api/users.http#list"))
        var replacement = SavedRequest(title: "list", method: "GET", url: "http://h/replacement")
        replacement.name = "list"
        try workspace.createRequest(replacement, inFile: "api/users.http")
        let before = try folder.read("api/users.http")
        #expect(throws: WorkspaceError.alreadyExists("api/users.http#list")) { try workspace.restore(entry) }
        #expect(try folder.read("api/users.http") == before)
        #expect(workspace.trashEntries() == [entry])
        // Once the new one is renamed, the old one goes back to its position.
        _ = try workspace.renameRequest(RequestID(parsing: "api/users.http#list"), to: "list2")
        try workspace.restore(entry)
        #expect(try workspace.request("api/users.http#list").position == 0)
        #expect(workspace.trashEntries().isEmpty)
    }

    @Test func restoreHandsOverWhatWasKeptBesideTheEntryBeforeRemovingIt() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let entry = try workspace.deleteItem("api")
        let entryFolder = ".ferry/trash/\(entry.id)"
        try folder.write("\(entryFolder)/drafts/kept.http", "GET http://h/kept\n")
        var handed: String?
        try workspace.restore(entry) { folderURL in
            handed = try? String(contentsOf: folderURL.appendingPathComponent("drafts/kept.http"), encoding: .utf8)
        }
        #expect(handed == "GET http://h/kept\n")
        #expect(!folder.exists(entryFolder))
        #expect(folder.exists("api/deep/more.http"))
        // A refused restore hands over nothing and keeps the entry whole.
        let again = try workspace.deleteItem("api")
        try folder.write("api/x.http", "GET http://h/x\n")
        var called = false
        #expect(throws: WorkspaceError.alreadyExists("api")) { try workspace.restore(again) { _ in called = true } }
        #expect(!called)
        #expect(folder.exists(".ferry/trash/\(again.id)/payload/api/users.http"))
    }
}
