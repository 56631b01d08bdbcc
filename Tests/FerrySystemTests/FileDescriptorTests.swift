import FerrySystem
import FerryTestSupport
import Foundation
import Testing

@Suite struct FileDescriptorTests {
    @Test func writesAllAndReadsAllBack() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("data.bin").path
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let output = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC)
        try output.writeAll(bytes)
        try output.writeAll(bytes[..<10])
        try output.sync()
        try output.close()
        let input = try FileDescriptor.open(path, O_RDONLY)
        defer { input.closeIgnoringErrors() }
        #expect(try input.status().size == bytes.count + 10)
        #expect(try input.status().isRegularFile)
        #expect(try input.readAll() == bytes + bytes[..<10])
        #expect(try input.readAll() == [])
    }

    @Test func readsAllOfAPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let reader = FileDescriptor(rawValue: ends[0])
        let writer = FileDescriptor(rawValue: ends[1])
        defer { reader.closeIgnoringErrors() }
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0) }
        try writer.writeAll(bytes)
        try writer.close()
        #expect(try reader.readAll() == bytes)
    }

    @Test func openingAMissingFileThrowsItsErrno() {
        #expect(throws: SystemError(call: "open", code: ENOENT)) {
            try FileDescriptor.open("/nonexistent/ferry/file", O_RDONLY)
        }
        #expect(SystemError(call: "open", code: ENOENT).description == "open: No such file or directory")
    }

    @Test func opensCloseOnExec() throws {
        let folder = try TemporaryFolder()
        let file = try FileDescriptor.open(folder.url.appendingPathComponent("x").path, O_WRONLY | O_CREAT)
        defer { file.closeIgnoringErrors() }
        #expect(fcntl(file.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }

    /// The spill file's core: a file with no name, read at offsets.
    @Test func anUnlinkedTemporaryFileHasNoNameAndReadsAtOffsets() throws {
        let folder = try TemporaryFolder()
        let file = try FileDescriptor.unlinkedTemporaryFile(in: folder.url.path, prefix: "spill-")
        defer { file.closeIgnoringErrors() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
        #expect(fcntl(file.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        try file.writeAll(Array("0123456789".utf8))
        #expect(file.read(offset: 3, count: 4) == Array("3456".utf8))
        #expect(file.read(offset: 8, count: 10) == Array("89".utf8))
        #expect(file.read(offset: 10, count: 1) == [])
        #expect(file.read(offset: -1, count: 1) == [])
    }

    @Test func retryingInterruptsReturnsTheFirstResultThatIsNotAnInterruption() {
        var calls = 0
        let result = SystemCall.retryingInterrupts { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
        var failures = 0
        let failed = SystemCall.retryingInterrupts { () -> Int32 in
            failures += 1
            errno = EBADF
            return -1
        }
        #expect(failed == -1)
        #expect(failures == 1)
    }

    @Test func aFileLockIsHeldForTheClosure() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("a.lock").path
        let result = try FileLock.withExclusiveLock(on: path) { () -> Bool in
            // Another open file description cannot take it meanwhile.
            let other = try FileDescriptor.open(path, O_RDWR)
            defer { other.closeIgnoringErrors() }
            return flock(other.rawValue, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
        }
        #expect(result)
        let after = try FileDescriptor.open(path, O_RDWR)
        defer { after.closeIgnoringErrors() }
        #expect(flock(after.rawValue, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: FileLock.Failure.self) {
            try FileLock.withExclusiveLock(on: folder.url.appendingPathComponent("missing/a.lock").path) {}
        }
    }
}
