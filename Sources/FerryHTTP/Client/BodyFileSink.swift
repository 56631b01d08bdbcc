import FerrySystem
import Foundation

/// A response body written to a file through one descriptor, in writes of at least 256 KiB (``writeSize``,
/// unless the sink is made with another size; but the last): the chunks are gathered in one buffer, so a 50 MB body takes some 200 `write` calls, not one
/// per chunk.
struct BodyFileSink {
    /// Why the file cannot be written, in words.
    struct Failure: Error {
        var message: String
    }

    /// How many bytes are gathered before they are written, unless the sink is made with another size.
    static let writeSize = 256 << 10

    /// How many bytes this sink gathers before it writes: what a killed process can lose.
    private let writeSize: Int

    /// The open descriptor, `nil` once closed.
    private var descriptor: FileDescriptor?
    /// Bytes not written yet, fewer than `writeSize`.
    private var pending: [UInt8] = []
    /// How many bytes were taken.
    private(set) var count = 0
    private let path: String

    /// Creates (or empties) the file at `path`; with `appending`, keeps what it holds and writes after it.
    /// Bytes are written `writeSize` at a time.
    init(path: String, appending: Bool = false, writeSize: Int = Self.writeSize) throws(Failure) {
        do throws(SystemError) {
            descriptor = try FileDescriptor.open(path, O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC))
        } catch {
            throw Failure(message: "cannot \(appending ? "open" : "create") \(path)")
        }
        self.path = path
        self.writeSize = writeSize
        pending.reserveCapacity(writeSize)
    }

    /// Takes `chunk`, writing when a full buffer has gathered.
    mutating func append(_ chunk: Data) throws(Failure) {
        count += chunk.count
        if pending.isEmpty, chunk.count >= writeSize {
            if let failure = chunk.withUnsafeBytes(write) { throw failure }
            return
        }
        pending.append(contentsOf: chunk)
        if pending.count >= writeSize { try flush() }
    }

    /// Writes what is pending and closes the file; a second call does nothing.
    mutating func close() throws(Failure) {
        guard let open = descriptor else { return }
        defer {
            open.closeIgnoringErrors()
            descriptor = nil
        }
        try flush()
    }

    private mutating func flush() throws(Failure) {
        guard !pending.isEmpty else { return }
        if let failure = pending.withUnsafeBytes(write) { throw failure }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes all of `buffer`, again after a short write or an interruption; why it could not, if it could not.
    private func write(_ buffer: UnsafeRawBufferPointer) -> Failure? {
        guard let descriptor else {
            let closed = SystemError(call: "write", code: EBADF)
            return Failure(message: "cannot write the response body to \(path): \(closed.reason)")
        }
        do throws(SystemError) {
            try descriptor.writeAll(buffer)
        } catch {
            return Failure(message: "cannot write the response body to \(path): \(error.reason)")
        }
        return nil
    }
}
