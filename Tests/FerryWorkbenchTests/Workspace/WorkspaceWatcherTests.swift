import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// The inotify watcher on a real folder (edits, new folders with files, deletes, hidden folders skipped,
/// bursts reported together) and `changedOnDisk`, which tells outside edits from Ferry's own atomic saves.
@Suite("Workspace watcher", .serialized)
struct WorkspaceWatcherTests {
    /// Every burst the watcher reported, in order.
    final class Bursts: Sendable {
        let reported = Locked<[Set<String>]>([])
        var all: [Set<String>] { reported.withLock { $0 } }
        var union: Set<String> { all.reduce(into: []) { $0.formUnion($1) } }
    }

    func watch(_ folder: TemporaryFolder) throws -> (WorkspaceWatcher, Bursts) {
        let bursts = Bursts()
        let watcher = try WorkspaceWatcher(root: folder.url, quietPeriod: .milliseconds(100)) { paths in
            bursts.reported.withLock { $0.append(paths) }
        }
        return (watcher, bursts)
    }

    @Test func reportsEditsNewFoldersAndDeletesButNotHiddenFolders() async throws {
        let folder = try TemporaryFolder()
        try folder.write("top.http", "GET http://a/top\n")
        try folder.write("api/users.http", "GET http://a/users\n")
        let (watcher, bursts) = try watch(folder)
        defer { watcher.stop() }

        try folder.write("api/users.http", "GET http://a/users2\n")
        #expect(await eventually { bursts.union.contains("api/users.http") }, "\(bursts.all)")
        try folder.write(".ferry/drafts/x.json", "{}")
        try folder.write("pulled/deep/new.http", "GET http://a/new\n")
        #expect(await eventually { bursts.union.contains("pulled/deep/new.http") }, "\(bursts.all)")
        // A folder made after the watch started is watched too.
        try folder.write("pulled/deep/later.http", "GET http://a/later\n")
        #expect(await eventually { bursts.union.contains("pulled/deep/later.http") }, "\(bursts.all)")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("top.http"))
        #expect(await eventually { bursts.union.contains("top.http") }, "\(bursts.all)")
        #expect(!bursts.union.contains { $0.hasPrefix(".ferry") }, "\(bursts.all)")
    }

    @Test func aBurstOfWritesIsReportedTogether() async throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "GET http://a/\n")
        let (watcher, bursts) = try watch(folder)
        defer { watcher.stop() }
        for index in 0..<200 { try folder.write("a.http", "GET http://a/\(index)\n") }
        try folder.write("b.http", "GET http://b/\n")
        #expect(await eventually { bursts.union.isSuperset(of: ["a.http", "b.http"]) }, "\(bursts.all)")
        // 201 writes in a tight loop, far fewer reports (each waits for 100 ms of quiet).
        #expect(bursts.all.count < 20, "\(bursts.all.count) bursts")
    }

    @Test func stopEndsTheThreadAndReportsNothingMore() async throws {
        let folder = try TemporaryFolder()
        let (watcher, bursts) = try watch(folder)
        watcher.stop()
        watcher.stop()
        try folder.write("after.http", "GET http://a/\n")
        // Another watcher on the same folder sees the write, so it happened; the stopped one never reports it.
        let (second, seen) = try watch(folder)
        defer { second.stop() }
        try folder.write("after.http", "GET http://a/2\n")
        #expect(await eventually { seen.union.contains("after.http") })
        #expect(bursts.all.isEmpty)
    }

    @Test func ownSavesAreNotChangesButOutsideEditsNewFilesAndFoldersAre() throws {
        let folder = try TemporaryFolder()
        try folder.write("top.http", "### t\n# @name t\nGET http://a/top\n")
        try folder.write("api/users.http", "GET http://a/users\n")
        var workspace = try Workspace.load(at: folder.url)
        let id = RequestID(path: "top.http", selector: "t")
        var request = try workspace.request(id.description).request
        request.url = "http://a/saved"
        try workspace.updateRequest(id, with: request)
        #expect(workspace.changedOnDisk(["top.http", "api/users.http", ".ferry/ids.json"]).isEmpty)
        #expect(
            workspace.changedOnDisk(nil) == ["http-client.env.json", "http-client.private.env.json", ".env"].sorted())

        try folder.write("api/users.http", "GET http://a/edited\n")
        try folder.write("api/more.http", "GET http://a/more\n")
        try folder.write("notes.txt", "not a request file")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let changed = workspace.changedOnDisk(["api/users.http", "api/more.http", "notes.txt", "empty", "top.http"])
        #expect(changed == ["api/more.http", "api/users.http", "empty"])
        #expect(workspace.changedOnDisk(nil).contains("api/users.http"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("top.http"))
        #expect(workspace.changedOnDisk(["top.http"]) == ["top.http"])
    }
}
