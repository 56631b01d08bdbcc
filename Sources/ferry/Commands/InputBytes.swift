#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole file, or standard input, straight into one byte array: no `Data` and no second copy,
/// so a large input costs its size once.
enum InputBytes {
    /// Why the input could not be read: the system's reason, such as "No such file or directory".
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The bytes of the file at `path`, or of standard input for `-`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        guard path != "-" else { return try read(descriptor: STDIN_FILENO) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor)
    }

    /// Everything left to read on `descriptor`; a regular file is read into an array of its size.
    static func read(descriptor: Int32) throws(Failure) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw Failure(description: "is a folder") }
        let expected = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        var failure: Int32 = 0
        // One more byte than the size: filling it means the file grew, and the rest is read in chunks.
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let read = Glibc.read(descriptor, base + count, buffer.count - count)
                if read < 0 && errno == EINTR { continue }
                if read < 0 { failure = errno }
                if read <= 0 { return }
                count += read
            }
        }
        guard failure == 0 else { throw Failure(description: String(cString: strerror(failure))) }
        guard bytes.count == expected + 1 else { return bytes }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0 && errno == EINTR { continue }
            if read < 0 { throw Failure(description: String(cString: strerror(errno))) }
            if read == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<read])
        }
    }
}
