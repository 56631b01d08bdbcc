import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

@Suite struct WorkspaceTests {
    func makeWorkspace() throws -> (TemporaryFolder, Workspace) {
        let folder = try TemporaryFolder()
        try folder.write("top.http", "GET http://a/top\n")
        try folder.write(
            "api/users.http",
            "### list\nGET http://a/users\n\n### \nGET http://a/unnamed\n\n### list\nGET http://a/dup\n")
        try folder.write("api/deep/more.rest", "# @name more\nPOST http://a/more\n")
        try folder.write(".ferry/ignored.http", "GET http://ignored\n")
        try folder.write(".git/x.http", "GET http://ignored\n")
        try folder.write("api/notes.txt", "not a request file")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        return (folder, try Workspace.load(at: folder.url))
    }

    @Test func loadsTheTreeSkippingHiddenFolders() throws {
        let (_, workspace) = try makeWorkspace()
        #expect(workspace.files.map(\.path) == ["api/deep/more.rest", "api/users.http", "top.http"])
        #expect(workspace.folders == ["api", "api/deep", "empty"])
        #expect(
            workspace.requests.map(\.id.description) == [
                "api/deep/more.rest#more", "api/users.http#1", "api/users.http#2", "api/users.http#3", "top.http#1",
            ])
        #expect(workspace.diagnostics.isEmpty)
    }

    @Test func aDotFolderOfRequestsIsPartOfTheWorkspaceButToolFoldersAndDotFilesAreNot() throws {
        let folder = try TemporaryFolder()
        try folder.write(".http/users.http", "GET http://a/users\n")
        try folder.write(".http/.draft.http", "GET http://a/draft\n")
        try folder.write(".idea/httpRequests/http-requests-log.http", "GET http://a/log\n")
        try folder.write(".vscode/x.http", "GET http://a/x\n")
        let workspace = try Workspace.load(at: folder.url)
        #expect(workspace.files.map(\.path) == [".http/users.http"])
        #expect(workspace.folders == [".http"])
    }

    @Test func findsRequestsByNamePositionPathOrUniqueName() throws {
        let (_, workspace) = try makeWorkspace()
        #expect(try workspace.request("api/users.http#2").request.url == "http://a/unnamed")
        #expect(try workspace.request("top.http").request.url == "http://a/top")
        #expect(try workspace.request("more").path == "api/deep/more.rest")
        #expect(try workspace.request("api/deep/more.rest#more").position == 0)
        #expect(throws: WorkspaceError.self) { try workspace.request("api/users.http") }
        #expect(throws: WorkspaceError.self) { try workspace.request("api/users.http#9") }
    }

    @Test func savingRewritesOnlyTheEditedRequestAndRefusesAfterOutsideChanges() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        var request = try workspace.request("api/users.http#2").request
        request.setHeader("Accept", "text/plain")
        try workspace.updateRequest(RequestID(parsing: "api/users.http#2"), with: request)
        #expect(
            try folder.read("api/users.http")
                == "### list\nGET http://a/users\n\n###\nGET http://a/unnamed\nAccept: text/plain\n\n### list\nGET http://a/dup\n"
        )
        #expect(!workspace.hasChangedOnDisk("api/users.http"))
        // Someone else edits the file: the next save must not overwrite it.
        try folder.write("api/users.http", "GET http://a/changed-elsewhere\n")
        #expect(workspace.hasChangedOnDisk("api/users.http"))
        #expect(throws: WorkspaceError.changedOnDisk("api/users.http")) {
            try workspace.updateRequest(RequestID(parsing: "api/users.http#1"), with: request)
        }
        #expect(try folder.read("api/users.http") == "GET http://a/changed-elsewhere\n")
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent("api").path)
        #expect(leftovers.allSatisfy { !$0.contains("ferry-") })
    }

    @Test func requestOperationsRenameDuplicateMoveDeleteAndRestore() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let renamed = try workspace.renameRequest(RequestID(parsing: "api/users.http#2"), to: "unnamed")
        #expect(renamed.description == "api/users.http#unnamed")
        let copy = try workspace.duplicateRequest(renamed)
        #expect(copy.description == "api/users.http#unnamed copy")
        #expect(try workspace.request(copy.description).request.url == "http://a/unnamed")
        let moved = try workspace.moveRequest(copy, toFile: "other/new.http")
        #expect(moved.description == "other/new.http#unnamed copy")
        #expect(try folder.read("other/new.http").contains("GET http://a/unnamed"))
        #expect(workspace.files.first { $0.path == "api/users.http" }?.content.requests.count == 3)

        let entry = try workspace.deleteRequest(RequestID(parsing: "api/users.http#unnamed"))
        #expect(!(try folder.read("api/users.http")).contains("unnamed"))
        #expect(workspace.trashEntries().map(\.id) == [entry.id])
        try workspace.restore(entry)
        #expect(try workspace.request("api/users.http#unnamed").position == 1)
        #expect(workspace.trashEntries().isEmpty)
        let reloaded = try Workspace.load(at: folder.url)
        #expect(try reloaded.request("api/users.http#unnamed").request.url == "http://a/unnamed")
    }

    @Test func folderOperationsAndTrash() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        try workspace.createFolder("newfolder/sub")
        #expect(workspace.folders.contains("newfolder/sub"))
        let renamed = try workspace.renameItem("api/deep", to: "deeper")
        #expect(renamed == "api/deeper")
        #expect(try workspace.request("api/deeper/more.rest#more").request.method == "POST")
        let moved = try workspace.moveItem("api/deeper", intoFolder: "newfolder")
        #expect(moved == "newfolder/deeper")
        let copy = try workspace.duplicateItem("top.http")
        #expect(copy == "top copy.http")
        #expect(throws: WorkspaceError.self) { try workspace.moveItem("newfolder", intoFolder: "newfolder/sub") }
        try workspace.reload()
        #expect(workspace.files.map(\.path).contains("top copy.http"))
        let entry = try workspace.deleteItem("newfolder")
        #expect(!folder.exists("newfolder"))
        #expect(workspace.files.allSatisfy { !$0.path.hasPrefix("newfolder/") })
        try workspace.restore(entry)
        #expect(try workspace.request("newfolder/deeper/more.rest#more").request.url == "http://a/more")
    }

    @Test func creatingAWorkspaceIgnoresSecretsAndState() throws {
        let folder = try TemporaryFolder()
        try folder.write("ws/.gitignore", "build/")
        try Workspace.create(at: folder.url.appendingPathComponent("ws"))
        #expect(try folder.read("ws/.gitignore") == "build/\nhttp-client.private.env.json\n.ferry/\n")
        #expect(folder.exists("ws/http-client.env.json"))
        try Workspace.create(at: folder.url.appendingPathComponent("ws"))
        #expect(try folder.read("ws/.gitignore") == "build/\nhttp-client.private.env.json\n.ferry/\n")
        #expect(try folder.read("ws/.ferry/.gitignore") == "*\n")
    }

    @Test func atomicWritesKeepPermissionsAndLeaveNoTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("a.http")
        try FileIO.writeAtomically(Array("one".utf8), to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let fingerprint = try FileIO.writeAtomically(Array("two!".utf8), to: file)
        #expect(try folder.read("a.http") == "two!")
        #expect(fingerprint.size == 4)
        #expect(fingerprint.hash == FileFingerprint.hash(Array("two!".utf8)))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["a.http"])
    }
}
