import FerrySystem
import FerryTestSupport
import Foundation
import Testing

/// `SharedAppendFile` keeps the file and its lock open between appends, and still writes where the path points
/// when another writer rotated or removed the file meanwhile, and keeps threads' lines whole.
@Suite struct SharedAppendFileTests {
    func lines(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func appendsFollowTheFileWhenAnotherWriterRotatesOrRemovesIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("log.jsonl").path
        let rotated = folder.url.appendingPathComponent("log.1.jsonl").path
        let file = SharedAppendFile(path: path, lockPath: folder.url.appendingPathComponent("log.lock").path)
        try file.append(Array("one\n".utf8), rotatingTo: rotated, past: 1 << 20)
        // Another process rotates it (under the lock, as every writer does): the next line starts the new file.
        try FileLock.withExclusiveLock(on: file.lockPath) { try FileSystem.rename(path, to: rotated) }
        try file.append(Array("two\n".utf8), rotatingTo: rotated, past: 1 << 20)
        #expect(lines(path) == ["two"])
        #expect(lines(rotated) == ["one"])
        // Removed: made again.
        try FileManager.default.removeItem(atPath: path)
        try file.append(Array("three\n".utf8), rotatingTo: rotated, past: 1 << 20)
        #expect(lines(path) == ["three"])
        #expect(FileStatus(path: path)?.permissions == 0o600)
    }

    @Test func itRotatesPastTheLimitAndKeepsThreadsLinesWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("log.jsonl").path
        let rotated = folder.url.appendingPathComponent("log.1.jsonl").path
        let file = SharedAppendFile(path: path, lockPath: folder.url.appendingPathComponent("log.lock").path)
        let line = Array((String(repeating: "x", count: 99) + "\n").utf8)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 { try? file.append(line, rotatingTo: rotated, past: 1 << 20) }
        }
        #expect(lines(path).count == 400)
        #expect(lines(path).allSatisfy { $0.utf8.count == 99 })
        // The eleventh line takes it past 41,000 bytes: it goes with the rotated file, the next nine start anew.
        for _ in 0..<20 { try file.append(line, rotatingTo: rotated, past: 41_000) }
        #expect(lines(rotated).count == 411)
        #expect(lines(path).count == 9)
    }

    @Test func aFolderThatIsNotThereFailsSayingWhich() {
        let file = SharedAppendFile(path: "/nonexistent-ferry/log", lockPath: "/nonexistent-ferry/lock")
        #expect(throws: SharedAppendFile.Failure.self) {
            try file.append(Array("x\n".utf8), rotatingTo: "/nonexistent-ferry/log.1", past: 100)
        }
    }
}
