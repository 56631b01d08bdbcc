import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// History entries find their request after it was moved or renamed: by stable id, by the path they
/// recorded, by the places `ids.json` remembers, or by file and request name; lines written before any of
/// this existed still load.
@Suite struct HistoryLocatorTests {
    /// A workspace with two folders and a file at the root.
    func makeWorkspace() throws -> (TemporaryFolder, Workspace) {
        let folder = try TemporaryFolder()
        try folder.write(
            "api/users.http",
            "### list\n# @name list\nGET http://h/users\n\n### one\n# @name one\nGET http://h/users/1\n")
        try folder.write("other/keep.http", "# @name keep\nGET http://h/keep\n")
        try folder.write("top.http", "GET http://h/unnamed\n")
        return (folder, try Workspace.load(at: folder.url))
    }

    /// One history line as JSON text, the way it sits in `.ferry/history.jsonl`.
    static func line(requestID: String, requestPath: String, url: String = "http://h/users") -> String {
        """
        {"environment":"local","method":"GET","requestHeaders":[],"requestID":"\(requestID)",\
        "requestPath":"\(requestPath)","requestSize":0,"responseBody":"[]","responseBodyTruncated":false,\
        "responseHeaders":[],"responseSize":2,"status":200,"time":1700000000,"url":"\(url)"}
        """
    }

    /// Appends lines to the workspace's history file and reads every entry back through `HistoryLog`.
    static func record(_ lines: [String], in workspace: Workspace) throws -> [HistoryEntry] {
        let log = HistoryLog(stateFolder: workspace.stateFolder)
        try FileManager.default.createDirectory(at: workspace.stateFolder, withIntermediateDirectories: true)
        let existing = (try? String(contentsOf: log.url, encoding: .utf8)) ?? ""
        try (existing + lines.map { $0 + "\n" }.joined()).write(to: log.url, atomically: true, encoding: .utf8)
        return log.entries()
    }

    // MARK: - Stable ids

    @Test func anEntryByStableIDFollowsAMovedFolderARenamedFileAndARenamedRequest() throws {
        let (folder, original) = try makeWorkspace()
        defer { withExtendedLifetime(folder) {} }
        var workspace = original
        let ids = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)
        let stable = try #require(ids[RequestID(parsing: "api/users.http#list")])
        let entry = try #require(
            try Self.record([Self.line(requestID: stable, requestPath: "api/users.http#list")], in: workspace).first)
        #expect(try HistoryLocator(workspace: workspace).request(for: entry)?.description == "api/users.http#list")

        _ = try workspace.moveItem("api", intoFolder: "other")
        #expect(
            try HistoryLocator(workspace: workspace).request(for: entry)?.description == "other/api/users.http#list")
        _ = try workspace.renameItem("other/api/users.http", to: "people.http")
        #expect(
            try HistoryLocator(workspace: workspace).request(for: entry)?.description == "other/api/people.http#list")
        let renamed = try workspace.renameRequest(RequestID(parsing: "other/api/people.http#list"), to: "all")
        #expect(try HistoryLocator(workspace: workspace).request(for: entry) == renamed)
        let moved = try workspace.moveRequest(renamed, toFile: "top.http")
        #expect(try HistoryLocator(workspace: workspace).request(for: entry) == moved)
        #expect(moved.description == "top.http#all")
    }

    @Test func aRequestEditedThenRenamedByFerryKeepsItsStableID() throws {
        let (folder, original) = try makeWorkspace()
        defer { withExtendedLifetime(folder) {} }
        var workspace = original
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let stable = try #require(try identities.assign(workspace.requests)[RequestID(parsing: "api/users.http#one")])
        // Edited and saved, then renamed, with no lookup in between: neither path + name nor content
        // matches the record any more, so only the rename's own bookkeeping keeps the id.
        var edited = try workspace.request("api/users.http#one").request
        edited.url = "http://h/users/2"
        try workspace.updateRequest(RequestID(parsing: "api/users.http#one"), with: edited)
        let renamed = try workspace.renameRequest(RequestID(parsing: "api/users.http#one"), to: "two")
        #expect(try identities.assign(workspace.requests)[renamed] == stable)
    }

    // MARK: - Lines that recorded a path

    @Test func anOldLineByPathFindsItsRequestAfterAFileRenameThroughFormerPaths() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        // A line in the older form: the path as the id and only the file in requestPath; no ids.json yet.
        let entries = try Self.record(
            [Self.line(requestID: "api/users.http#one", requestPath: "api/users.http")], in: workspace)
        let entry = try #require(entries.first)
        #expect(entry.recordedRequestPath == "api/users.http#one")
        #expect(!folder.exists(".ferry/ids.json"))
        // Renamed by Ferry: the history log exists, so ids are recorded first and the record remembers the path.
        _ = try workspace.renameItem("api/users.http", to: "people.http")
        #expect(try folder.read(".ferry/ids.json").contains("\"formerPaths\""))
        #expect(try HistoryLocator(workspace: workspace).request(for: entry)?.description == "api/people.http#one")
    }

    @Test func aFolderMovedOutsideFerryIsFoundByFileAndRequestNameWhenThatIsUnique() throws {
        let (folder, workspace) = try makeWorkspace()
        let entries = try Self.record(
            [
                Self.line(requestID: "api/users.http#list", requestPath: "api/users.http"),
                Self.line(requestID: "api/users.http#2", requestPath: "api/users.http"),
            ], in: workspace)
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("api"), to: folder.url.appendingPathComponent("v2"))
        var moved = try Workspace.load(at: folder.url)
        let guessed = try HistoryLocator(workspace: moved).locate(entries[0])
        #expect(guessed?.id.description == "v2/users.http#list")
        #expect(guessed?.isGuess == true)
        // A position says nothing once the request has moved.
        #expect(try HistoryLocator(workspace: moved).request(for: entries[1]) == nil)
        // Two files of that name holding a `list`: no guess.
        try folder.write("other/users.http", "# @name list\nGET http://h/other-users\n")
        try moved.reload()
        #expect(try HistoryLocator(workspace: moved).request(for: entries[0]) == nil)
    }

    @Test func aDeletedRequestIsNotFoundAndAnUnchangedOneIsFoundByItsPath() throws {
        let (folder, original) = try makeWorkspace()
        defer { withExtendedLifetime(folder) {} }
        var workspace = original
        let entries = try Self.record(
            [
                Self.line(requestID: "api/users.http#one", requestPath: "api/users.http"),
                Self.line(requestID: "0d3c-not-a-known-id", requestPath: "other/keep.http#keep"),
            ], in: workspace)
        _ = try workspace.deleteRequest(RequestID(parsing: "api/users.http#one"))
        let locator = try HistoryLocator(workspace: workspace)
        #expect(locator.request(for: entries[0]) == nil)
        #expect(locator.request(for: entries[1])?.description == "other/keep.http#keep")
    }

    @Test func anIDsFileFromBeforeFormerPathsStillLoadsAndGainsThem() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let stable = "11111111-2222-3333-4444-555555555555"
        let fingerprint = RequestIdentities.fingerprint(of: try workspace.request("other/keep.http#keep").request)
        try folder.write(
            ".ferry/ids.json",
            """
            {"requests":[{"fingerprint":"\(fingerprint)","id":"\(stable)","name":"keep","path":"other/keep.http"}],\
            "version":1}
            """)
        let entries = try Self.record(
            [Self.line(requestID: "other/keep.http#keep", requestPath: "other/keep.http")], in: workspace)
        _ = try workspace.renameItem("other", to: "kept")
        let ids = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)
        #expect(ids[RequestID(parsing: "kept/keep.http#keep")] == stable)
        #expect(try folder.read(".ferry/ids.json").contains("\"formerPaths\""))
        #expect(try HistoryLocator(workspace: workspace).request(for: entries[0])?.description == "kept/keep.http#keep")
    }

    @Test func aPathThatAnotherRequestTookBelongsToTheOneHoldingItNow() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let entries = try Self.record(
            [Self.line(requestID: "other/keep.http#keep", requestPath: "other/keep.http")], in: workspace)
        _ = try workspace.moveItem("other/keep.http", intoFolder: "api")
        try folder.write("other/keep.http", "# @name keep\nGET http://h/new-keep\n")
        try workspace.reload()
        #expect(
            try HistoryLocator(workspace: workspace).request(for: entries[0])?.description == "other/keep.http#keep")
    }

    @Test func aLineWithAStableIDWhoseRequestWasDeletedIsNotGuessed() throws {
        let (folder, original) = try makeWorkspace()
        var workspace = original
        let ids = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)
        let stable = try #require(ids[RequestID(parsing: "api/users.http#list")])
        let entries = try Self.record([Self.line(requestID: stable, requestPath: "api/users.http#list")], in: workspace)
        _ = try workspace.deleteItem("api")
        // Another users.http holding a `list` that was never this request.
        try folder.write("v1/users.http", "# @name list\nGET http://h/v1-users\n")
        try workspace.reload()
        #expect(try HistoryLocator(workspace: workspace).locate(entries[0]) == nil)
    }
}
