import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// Renaming, moving and deleting folders (and files): atomic, refusing to overwrite, losing nothing.
@Suite struct FolderOperationTests {
    func makeWorkspace() throws -> (TemporaryFolder, Workspace) {
        let folder = try TemporaryFolder()
        try folder.write("api/users.http", "### list\nGET http://a/users\n\n### create\nPOST http://a/users\n")
        try folder.write("api/deep/more.http", "# @name more\nGET http://a/more\n")
        try folder.write("other/api/keep.http", "# @name keep\nGET http://a/keep\n")
        try folder.write("other/taken.http", "# @name taken\nGET http://a/taken\n")
        try folder.write("apiary.http", "# @name bees\nGET http://a/bees\n")
        return (folder, try Workspace.load(at: folder.url))
    }

    // MARK: - Rename

    @Test func renamingAFolderCarriesEveryRequestAndRefusesAnExistingName() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        #expect(
            workspace.requests(under: "api").map(\.id.description) == [
                "api/deep/more.http#more", "api/users.http#list", "api/users.http#create",
            ])
        let renamed = try workspace.renameItem("api", to: "v2")
        #expect(renamed == "v2")
        #expect(!folder.exists("api"))
        #expect(
            workspace.requests(under: "v2").map(\.id.description) == [
                "v2/deep/more.http#more", "v2/users.http#list", "v2/users.http#create",
            ])
        #expect(workspace.isFolder("v2/deep") && !workspace.isFolder("api"))
        // `apiary.http` starts with "api" but is not inside it.
        #expect(try folder.read("apiary.http").contains("bees"))

        // A name that is taken (a folder or a file) is refused and nothing moves.
        try folder.write("v3/own.http", "GET http://a/own\n")
        try workspace.reload()
        #expect(throws: WorkspaceError.alreadyExists("v3")) { try workspace.renameItem("v2", to: "v3") }
        #expect(throws: WorkspaceError.alreadyExists("apiary.http")) {
            try workspace.renameItem("v2", to: "apiary.http")
        }
        #expect(try folder.read("v2/users.http").contains("POST http://a/users"))
        #expect(try folder.read("v3/own.http") == "GET http://a/own\n")
        #expect(try folder.read("apiary.http").contains("bees"))
        #expect(workspace.requests(under: "v2").count == 3)
        #expect(throws: WorkspaceError.invalidName("a/b")) { try workspace.renameItem("v2", to: "a/b") }
        #expect(throws: WorkspaceError.invalidName(".hidden")) { try workspace.renameItem("v2", to: ".hidden") }
        #expect(throws: WorkspaceError.noSuchItem("nowhere")) { try workspace.renameItem("nowhere", to: "x") }
    }

    // MARK: - Move

    @Test func movingAFolderKeepsItsTreeAndRefusesToOverwriteOrNestInItself() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        // other/ already holds an `api` folder: refused, both intact.
        #expect(throws: WorkspaceError.alreadyExists("other/api")) {
            try workspace.moveItem("api", intoFolder: "other")
        }
        #expect(try folder.read("other/api/keep.http").contains("keep"))
        #expect(workspace.requests(under: "api").count == 3)
        #expect(throws: WorkspaceError.self) { try workspace.moveItem("api", intoFolder: "api/deep") }

        let moved = try workspace.moveItem("api/deep", intoFolder: "other")
        #expect(moved == "other/deep")
        #expect(try workspace.request("other/deep/more.http#more").request.url == "http://a/more")
        // Into a folder that does not exist yet: it is created.
        let nested = try workspace.moveItem("other/deep", intoFolder: "new/place")
        #expect(nested == "new/place/deep")
        #expect(folder.exists("new/place/deep/more.http"))
        // Back to the root.
        #expect(try workspace.moveItem("new/place/deep", intoFolder: "") == "deep")
        #expect(try workspace.request("deep/more.http#more").request.method == "GET")
        // A file moves the same way.
        #expect(try workspace.moveItem("apiary.http", intoFolder: "deep") == "deep/apiary.http")
        #expect(throws: WorkspaceError.alreadyExists("other/taken.http")) {
            try folder.write("taken.http", "GET http://a/second\n")
            try workspace.reload()
            try workspace.moveItem("taken.http", intoFolder: "other")
        }
        #expect(try folder.read("other/taken.http").contains("http://a/taken"))
        #expect(try folder.read("taken.http") == "GET http://a/second\n")
    }

    // MARK: - Delete

    @Test func deletingAFolderPutsItAllInTheTrashAndRestoreBringsItBack() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let before = try folder.read("api/users.http")
        let entry = try workspace.deleteItem("api")
        #expect(entry.kind == .item && entry.originalPath == "api")
        #expect(!folder.exists("api"))
        #expect(workspace.requests(under: "api").isEmpty)
        #expect(folder.exists(".ferry/trash/\(entry.id)/payload/api/deep/more.http"))
        #expect(workspace.trashEntries() == [entry])
        try workspace.restore(entry)
        #expect(try folder.read("api/users.http") == before)
        #expect(workspace.requests(under: "api").count == 3)
        #expect(workspace.trashEntries().isEmpty)
        #expect(throws: WorkspaceError.noSuchItem("api")) {
            _ = try workspace.deleteItem("api")
            _ = try workspace.deleteItem("api")
        }
    }

    @Test func restoringOverSomethingNewRefusesAndKeepsTheTrashEntry() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let entry = try workspace.deleteItem("api")
        try workspace.createFolder("api")
        #expect(throws: WorkspaceError.alreadyExists("api")) { try workspace.restore(entry) }
        #expect(folder.exists(".ferry/trash/\(entry.id)/payload/api/users.http"))
    }

    // MARK: - Ids

    @Test func historyIdsFollowARenamedFolderExactly() throws {
        let folder = try TemporaryFolder()
        // Two requests with the same content: matching by content alone could swap them.
        try folder.write("api/b.http", "# @name x\nGET http://h/same\n")
        var workspace = try Workspace.load(at: folder.url)
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let first = try identities.assign(workspace.requests)
        try folder.write("api/a.http", "# @name x\nGET http://h/same\n")
        try workspace.reload()
        let both = try identities.assign(workspace.requests)
        let a = try #require(both[RequestID(parsing: "api/a.http#x")])
        let b = try #require(both[RequestID(parsing: "api/b.http#x")])
        #expect(b == first[RequestID(parsing: "api/b.http#x")])
        try workspace.renameItem("api", to: "v2")
        let after = try identities.assign(workspace.requests)
        #expect(after[RequestID(parsing: "v2/a.http#x")] == a)
        #expect(after[RequestID(parsing: "v2/b.http#x")] == b)
        try workspace.moveItem("v2/a.http", intoFolder: "")
        #expect(try identities.assign(workspace.requests)[RequestID(parsing: "a.http#x")] == a)
    }

    // MARK: - The primitive

    @Test func moveWithoutReplacingNeverOverwrites() throws {
        let folder = try TemporaryFolder()
        try folder.write("one.txt", "one")
        try folder.write("two.txt", "two")
        try folder.write("dir/inner.txt", "inner")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let url = { (name: String) in folder.url.appendingPathComponent(name) }
        #expect(throws: FileIO.MoveFailure.targetExists) {
            try FileIO.moveWithoutReplacing(url("one.txt"), to: url("two.txt"))
        }
        #expect(try folder.read("one.txt") == "one" && folder.read("two.txt") == "two")
        // Even an empty folder, which plain rename(2) would silently replace.
        #expect(throws: FileIO.MoveFailure.targetExists) {
            try FileIO.moveWithoutReplacing(url("dir"), to: url("empty"))
        }
        #expect(try folder.read("dir/inner.txt") == "inner")
        try FileIO.moveWithoutReplacing(url("dir"), to: url("moved"))
        #expect(try folder.read("moved/inner.txt") == "inner" && !folder.exists("dir"))
        #expect(throws: FileIO.MoveFailure.self) { try FileIO.moveWithoutReplacing(url("gone"), to: url("x")) }
        #expect(Workspace.path("api/x.http", relocatedFrom: "api", to: "v2") == "v2/x.http")
        #expect(Workspace.path("apiary.http", relocatedFrom: "api", to: "v2") == nil)
        #expect(Workspace.path("api", relocatedFrom: "api", to: "v2") == "v2")
    }
}
