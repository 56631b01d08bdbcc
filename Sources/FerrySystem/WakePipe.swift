import Glibc

/// A pipe that wakes a thread waiting in ``Poll/wait(_:timeout:)``: any thread, or a C signal handler through
/// ``writeDescriptor``, writes a byte with ``signal()``; the waiting thread watches ``readDescriptor`` and empties it
/// with ``drain()``. Both ends are non-blocking and closed on exec, and closed when the last reference goes, so a
/// late ``signal()`` never writes to a descriptor that was closed and reused.
///
/// ```swift
/// let wake = try WakePipe()
/// // waiting thread:
/// if case .ready(let events) = Poll.wait([(socket, .readable), (wake.readDescriptor, .readable)], timeout: nil),
///     events[1].contains(.readable) { wake.drain() }
/// // any other thread:
/// wake.signal()
/// ```
public final class WakePipe: Sendable {
    /// The end the waiting thread watches.
    public let readDescriptor: Int32
    /// The end ``signal()`` writes to (writing one byte to it from a signal handler is the same, and safe there).
    public let writeDescriptor: Int32

    /// Creates the pipe; throws when the system has no descriptor left.
    public init() throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError(call: "pipe", code: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the waiting thread, or the next wait when none is waiting (one `write(2)` of one byte; a full pipe
    /// already wakes it).
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Reads every byte the pipe holds, so the next wait waits again.
    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &bytes, bytes.count) > 0 {}
    }
}
