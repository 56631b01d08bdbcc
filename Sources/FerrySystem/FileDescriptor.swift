import Glibc

/// An open file descriptor and the calls Ferry makes on one, each retried after an interruption
/// (``SystemCall/retryingInterrupts(_:)``). A value, not an owner: whoever opened it closes it.
///
/// ```swift
/// let file = try FileDescriptor.open(path, O_RDONLY)
/// defer { file.closeIgnoringErrors() }
/// let bytes = try file.readAll()
/// ```
public struct FileDescriptor: Sendable, Hashable {
    /// The descriptor number.
    public let rawValue: Int32

    /// Wraps an open descriptor.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Standard input.
    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    /// Standard output.
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    /// Standard error.
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    // MARK: - Opening and closing

    /// Opens `path` with `flags`, always close-on-exec (a process started meanwhile by another thread, such as
    /// `$EDITOR`, never inherits it); `permissions` apply when `O_CREAT` creates the file.
    public static func open(_ path: String, _ flags: Int32, permissions: mode_t = 0o644) throws(SystemError)
        -> FileDescriptor
    {
        let descriptor = SystemCall.retryingInterrupts { Glibc.open(path, flags | O_CLOEXEC, permissions) }
        guard descriptor >= 0 else { throw SystemError(call: "open", code: errno) }
        return FileDescriptor(rawValue: descriptor)
    }

    /// Creates a file named `prefix` and six random characters in `folder`, close-on-exec, and unlinks it at
    /// once: only the returned descriptor keeps it, so it goes when the descriptor is closed or the process
    /// ends in any way, a crash included.
    public static func unlinkedTemporaryFile(in folder: String, prefix: String) throws(SystemError)
        -> FileDescriptor
    {
        let (descriptor, path) = try makeTemporaryFile(folder + "/" + prefix)
        unlink(path)
        return descriptor
    }

    /// Creates a new file named `stem` and six random characters (`mkstemp`, mode `0600`), close-on-exec;
    /// returns it and its path.
    static func makeTemporaryFile(_ stem: String) throws(SystemError) -> (FileDescriptor, String) {
        var template = Array((stem + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw SystemError(call: "mkstemp", code: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (FileDescriptor(rawValue: descriptor), path)
    }

    /// Closes the descriptor. Not retried after `EINTR`: on Linux the descriptor is closed by then.
    public func close() throws(SystemError) {
        guard Glibc.close(rawValue) == 0 else { throw SystemError(call: "close", code: errno) }
    }

    /// Closes the descriptor, whatever `close` says.
    public func closeIgnoringErrors() { _ = Glibc.close(rawValue) }

    // MARK: - Reading

    /// Reads up to `buffer.count` bytes into `buffer`; returns how many, `0` at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let count = SystemCall.retryingInterrupts { Glibc.read(rawValue, base, buffer.count) }
        guard count >= 0 else { throw SystemError(call: "read", code: errno) }
        return count
    }

    /// Everything left to read. A regular file is read into an array of its size (one more byte: filling it
    /// means the file grew, and the rest is read in chunks); anything else in chunks of 64 KiB.
    public func readAll() throws(SystemError) -> [UInt8] {
        let status = try status()
        let expected = status.isRegularFile ? status.size : 0
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let read = SystemCall.retryingInterrupts { Glibc.read(rawValue, base + count, buffer.count - count) }
                if read < 0 { failure = errno }
                if read <= 0 { return }
                count += read
            }
        }
        guard failure == 0 else { throw SystemError(call: "read", code: failure) }
        guard bytes.count == expected + 1 else { return bytes }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try self.read(into: buffer) }
            }.get()
            if read == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<read])
        }
    }

    /// Up to `count` bytes from `offset` with `pread`, which leaves the file position alone (so any thread may
    /// read); fewer at the end of the file or when a read fails.
    public func read(offset: Int, count: Int) -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var done = 0
            while done < count {
                let step = SystemCall.retryingInterrupts {
                    pread(rawValue, base + done, count - done, off_t(offset + done))
                }
                guard step > 0 else { break }
                done += step
            }
            return done
        }
        if got < count { bytes.removeLast(count - got) }
        return bytes
    }

    // MARK: - Writing

    /// Writes what one `write(2)` takes of `buffer` (again after an interruption); returns how many bytes.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let count = SystemCall.retryingInterrupts { Glibc.write(rawValue, base, buffer.count) }
        guard count >= 0 else { throw SystemError(call: "write", code: errno) }
        return count
    }

    /// Writes all of `buffer`, again after a short write or an interruption. A write that takes no bytes
    /// fails with `EIO`.
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(SystemError) {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let step = SystemCall.retryingInterrupts { Glibc.write(rawValue, base + done, buffer.count - done) }
            if step < 0 { throw SystemError(call: "write", code: errno) }
            if step == 0 { throw SystemError(call: "write", code: EIO) }
            done += step
        }
    }

    /// Writes all of `bytes` (see ``writeAll(_:)-(UnsafeRawBufferPointer)``).
    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try writeAll(buffer) } }.get()
    }

    /// Writes all of `bytes`.
    public func writeAll(_ bytes: ArraySlice<UInt8>) throws(SystemError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try writeAll(buffer) } }.get()
    }

    /// Flushes the file's data and metadata to the disk (`fsync`).
    public func sync() throws(SystemError) {
        try SystemCall.checked("fsync") { fsync(rawValue) }
    }

    /// Syncs the folder at `path`, so that a rename or a new name in it survives a crash; best effort.
    public static func syncFolder(_ path: String) {
        guard let folder = try? open(path, O_RDONLY | O_DIRECTORY) else { return }
        _ = fsync(folder.rawValue)
        folder.closeIgnoringErrors()
    }

    // MARK: - Status

    /// The file's size, kind, permissions and modification time (`fstat`).
    public func status() throws(SystemError) -> FileStatus {
        var info = stat()
        guard fstat(rawValue, &info) == 0 else { throw SystemError(call: "fstat", code: errno) }
        return FileStatus(info)
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(rawValue) == 1 }

    /// How many columns the terminal has, when the descriptor is one that says (`TIOCGWINSZ`); `nil` otherwise.
    public var terminalColumns: Int? {
        var size = winsize()
        guard ioctl(rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// What `stat` says about a file.
public struct FileStatus: Sendable, Hashable {
    /// The size in bytes.
    public var size: Int
    /// The type bits (`st_mode & S_IFMT`).
    public var type: mode_t
    /// The permission bits (`st_mode & 0o7777`).
    public var permissions: mode_t
    /// The last modification, in nanoseconds since 1970.
    public var modifiedNanoseconds: Int64

    init(_ info: stat) {
        size = Int(info.st_size)
        type = info.st_mode & S_IFMT
        permissions = info.st_mode & 0o7777
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// The status of the file at `path` (following links), `nil` when there is none or it cannot be read.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// Whether it is a regular file.
    public var isRegularFile: Bool { type == S_IFREG }
    /// Whether it is a folder.
    public var isDirectory: Bool { type == S_IFDIR }
}
