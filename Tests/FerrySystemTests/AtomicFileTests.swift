import FerrySystem
import FerryTestSupport
import Foundation
import Testing

@Suite(.offThePool) struct AtomicFileTests {
    /// The names in `folder`, sorted.
    func names(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    @Test func writesANewFileAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("a.txt").path
        try AtomicFile.write(Array("one".utf8), to: path)
        #expect(try folder.read("a.txt") == "one")
        #expect(try names(in: folder) == ["a.txt"])
        #expect(FileStatus(path: path)?.permissions == 0o644)
    }

    @Test func replacesAFileAndKeepsItsPermissions() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.txt", "old")
        let path = folder.url.appendingPathComponent("a.txt").path
        #expect(chmod(path, 0o640) == 0)
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(try folder.read("a.txt") == "new")
        #expect(FileStatus(path: path)?.permissions == 0o640)
        try AtomicFile.write(Array("secret".utf8), to: path, permissions: .exactly(0o600))
        #expect(FileStatus(path: path)?.permissions == 0o600)
        #expect(try names(in: folder) == ["a.txt"])
    }

    @Test func theTemporaryFileSitsBesideTheTarget() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("b.json").path
        let file = try AtomicFile(replacing: path)
        #expect(file.temporaryPath.hasPrefix(folder.url.path + "/.b.json.ferry-"))
        #expect(file.temporaryPath.count == (folder.url.path + "/.b.json.ferry-XXXXXX").count)
        #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        file.discard()
        #expect(try names(in: folder) == [])
    }

    /// A write that fails after some bytes reached the temporary file (here: the copied "file" is a folder,
    /// so reading it fails) leaves the old file as it was and removes the temporary file.
    @Test func aWriteThatFailsMidwayLeavesTheOldFileIntact() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.txt", "old contents")
        let path = folder.url.appendingPathComponent("a.txt").path
        do {
            let file = try AtomicFile(replacing: path)
            try file.write(Array("new contents, half of them".utf8))
            #expect(throws: AtomicFile.Failure.self) { try file.write(contentsOf: folder.url.path) }
        }
        #expect(try folder.read("a.txt") == "old contents")
        #expect(try names(in: folder) == ["a.txt"])
    }

    /// A rename that fails (the target is a folder with something in it) leaves the target and no temporary.
    @Test func aFailedRenameLeavesTheTargetAndNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("target/inside.txt", "kept")
        let path = folder.url.appendingPathComponent("target").path
        #expect {
            try AtomicFile.write(Array("x".utf8), to: path)
        } throws: { error in
            (error as? AtomicFile.Failure)?.step == .place
        }
        #expect(try folder.read("target/inside.txt") == "kept")
        #expect(try names(in: folder) == ["target"])
    }

    @Test func aMissingFolderFailsAtCreation() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("missing/a.txt").path
        #expect {
            try AtomicFile.write(Array("x".utf8), to: path)
        } throws: { error in
            (error as? AtomicFile.Failure)?.step == .create && (error as? AtomicFile.Failure)?.error.code == ENOENT
        }
    }

    @Test func committingWithoutReplacingKeepsAnExistingFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.txt", "first")
        let path = folder.url.appendingPathComponent("a.txt").path
        let file = try AtomicFile(replacing: path)
        try file.write(Array("second".utf8))
        #expect {
            try file.commit(replacing: false)
        } throws: { error in
            (error as? AtomicFile.Failure)?.isTargetExisting == true
        }
        #expect(try folder.read("a.txt") == "first")
        #expect(try names(in: folder) == ["a.txt"])

        let other = try AtomicFile(replacing: folder.url.appendingPathComponent("b.txt").path)
        try other.write(Array("fresh".utf8))
        try other.commit(replacing: false)
        #expect(try folder.read("b.txt") == "fresh")
        #expect(try names(in: folder) == ["a.txt", "b.txt"])
    }

    @Test func copiesAFileInChunks() throws {
        let folder = try TemporaryFolder()
        let source = folder.url.appendingPathComponent("source.bin")
        let bytes = (0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: source)
        let target = folder.url.appendingPathComponent("copy.bin").path
        let file = try AtomicFile(replacing: target)
        try file.write(contentsOf: source.path)
        try file.commit()
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: target))) == bytes)
    }

    /// Another writer (here: `FileManager`) may fill the temporary file by its path; the commit syncs and places it.
    @Test func theTemporaryFileCanBeFilledByPath() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("out.txt").path
        let file = try AtomicFile(replacing: path)
        try Data("by path".utf8).write(to: URL(fileURLWithPath: file.temporaryPath))
        try file.commit()
        #expect(try folder.read("out.txt") == "by path")
        #expect(try names(in: folder) == ["out.txt"])
    }
}
