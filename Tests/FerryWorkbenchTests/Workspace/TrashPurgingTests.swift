import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// Deleting from the trash for good: one entry, every entry, and by age (entries older than 30 days go when
/// something new goes to the trash), on real folders.
@Suite struct TrashPurgingTests {
    static let day: TimeInterval = 86_400

    func makeWorkspace() throws -> (TemporaryFolder, Workspace) {
        try makeTrashTestWorkspace(extraFiles: ["other.http": "# @name other\nGET http://h/other\n"])
    }

    /// Rewrites `entry`'s manifest as if it had been deleted `days` days before `now`.
    func backdate(_ entry: TrashEntry, days: Double, now: Date = Date(), in workspace: Workspace) throws -> TrashEntry {
        var old = entry
        old.deletedAt = now.timeIntervalSince1970 - days * Self.day
        try workspace.writeManifest(old)
        return old
    }

    @Test func purgingOneEntryRemovesItsWholeFolderAndLeavesTheOthers() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let api = try workspace.deleteItem("api")
        let top = try workspace.deleteItem("top.http")
        // Something a caller kept beside the entry (the app keeps drafts there) goes with it.
        try folder.write(".ferry/trash/\(api.id)/drafts/kept.http", "GET http://h/kept\n")
        #expect(try workspace.purge([api]) == 1)
        #expect(!folder.exists(".ferry/trash/\(api.id)"))
        #expect(workspace.trashEntries() == [top])
        #expect(folder.exists(".ferry/trash/\(top.id)/payload/top.http"))
        #expect(!folder.exists("api"))
        // Purging it again deletes nothing and is no error.
        #expect(try workspace.purge([api]) == 0)
    }

    @Test func purgingEveryEntryEmptiesTheTrash() throws {
        // The folder is kept in a name: dropping it would delete it at once.
        let (folder, original) = try makeWorkspace()
        var workspace = original
        _ = try workspace.deleteRequest(RequestID(parsing: "api/users.http#one"))
        _ = try workspace.deleteItem("api")
        _ = try workspace.deleteItem("top.http")
        let entries = workspace.trashEntries()
        #expect(entries.count == 3)
        #expect(try workspace.purge(entries) == 3)
        #expect(workspace.trashEntries().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.trashFolder.path).isEmpty)
        // The workspace itself is untouched.
        #expect(workspace.requests.map(\.id.description) == ["other.http#other"])
        #expect(try folder.read("other.http").contains("# @name other"))
    }

    @Test func anIDThatIsNotOneFolderNameIsRefusedAndNothingOutsideTheTrashIsTouched() throws {
        let (folder, workspace) = try makeWorkspace()
        let escape = TrashEntry(id: "../../api", kind: .item, originalPath: "api", position: nil, deletedAt: 0)
        #expect(throws: WorkspaceError.noSuchItem("../../api")) { try workspace.purge([escape]) }
        #expect(folder.exists("api/users.http"))
    }

    @Test func pruningByAgeRemovesOnlyEntriesOlderThanTheRetention() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let old = try backdate(try workspace.deleteItem("api"), days: 31, now: now, in: workspace)
        let young = try backdate(try workspace.deleteItem("top.http"), days: 29, now: now, in: workspace)
        let pruned = workspace.pruneTrash(now: now)
        #expect(pruned == [old])
        #expect(!folder.exists(".ferry/trash/\(old.id)"))
        #expect(workspace.trashEntries() == [young])
        // Two days later the young one is old enough too.
        #expect(workspace.pruneTrash(now: now.addingTimeInterval(2 * Self.day)) == [young])
        #expect(workspace.trashEntries().isEmpty)
    }

    @Test func somethingNewGoingToTheTrashPrunesTheOldEntriesOnly() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let api = try workspace.deleteItem("api")
        let top = try workspace.deleteRequest(RequestID(parsing: "top.http#top"))
        let old = try backdate(api, days: 30.5, in: workspace)
        let young = try backdate(top, days: 29.5, in: workspace)
        // Listing alone deletes nothing.
        #expect(Set(workspace.trashEntries()) == [old, young])
        #expect(workspace.trashSummaries().count == 2)
        let new = try workspace.deleteItem("other.http")
        #expect(!folder.exists(".ferry/trash/\(old.id)"))
        #expect(Set(workspace.trashEntries().map(\.id)) == [young.id, new.id])
        // The young request can still be restored.
        try workspace.restore(young)
        #expect(try workspace.request("top.http#top").request.url == "http://h/top")
    }
}
