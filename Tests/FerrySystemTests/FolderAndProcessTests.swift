import FerrySystem
import FerryTestSupport
import Foundation
import Testing

@Suite struct FolderAndProcessTests {
    @Test func aListingSaysWhatEachNameIs() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "GET https://example.com\n")
        try folder.write("sub/b.http", "GET https://example.com\n")
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("loop").path, withDestinationPath: folder.url.path)
        try manager.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("link.http").path,
            withDestinationPath: folder.url.appendingPathComponent("a.http").path)
        try manager.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("dangling").path, withDestinationPath: "/nonexistent/ferry")
        let entries = try #require(FolderListing.entries(of: folder.url.path))
        let kinds = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.kind) })
        #expect(
            kinds == [
                "a.http": .file, "sub": .folder, "loop": .linkToFolder, "link.http": .file, "dangling": .file,
            ])
        #expect(FolderListing.entries(of: folder.url.appendingPathComponent("missing").path) == nil)
    }

    @Test func inotifyReportsAFileWrittenInAWatchedFolder() throws {
        let folder = try TemporaryFolder()
        let inotify = try Inotify()
        let watch = try inotify.watch(folder.url.path, for: [.create, .closeWrite, .onlyFolder]).get()
        #expect(inotify.readEvents() == [])
        try folder.write("new.http", "GET https://example.com\n")
        #expect(Poll.wait([(inotify.descriptor, .readable)], timeout: FailureBound.event) == .ready([.readable]))
        let events = inotify.readEvents()
        #expect(events.contains { $0.watch == watch && $0.name == "new.http" && $0.mask.contains(.create) })
        if case .success = inotify.watch(folder.url.appendingPathComponent("new.http").path, for: .onlyFolder) {
            Issue.record("a file was watched as a folder")
        }
    }

    @Test func aForegroundProcessReportsItsExitStatusOrSignal() throws {
        let exited = try ForegroundProcess.run(["/bin/sh", "-c", "exit 3"])
        #expect(exited.exitCode == 3 && exited.signal == nil)
        let killed = try ForegroundProcess.run(["/bin/sh", "-c", "kill -TERM $$"])
        #expect(killed.exitCode == 128 + 15 && killed.signal == 15)
        #expect(throws: SystemError.self) { try ForegroundProcess.run(["/nonexistent/ferry-editor"]) }
    }

    @Test func glibcTakesTheSettingThatReturnsLargeBlocks() {
        #expect(ProcessMemory.returnLargeBlocksWhenFreed())
    }
}
