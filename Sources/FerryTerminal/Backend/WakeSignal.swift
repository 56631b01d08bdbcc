#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A self-pipe that wakes a thread waiting for input: any thread calls `signal()`, the waiting thread's
/// `wait(readingFrom:timeout:)` returns `.woken`.
///
/// Waiting costs no CPU: it is one `poll(2)` on the pipe and, optionally, the terminal's input descriptor.
public final class WakeSignal: Sendable {
    /// Why `wait(readingFrom:timeout:)` returned.
    public enum WaitResult: Sendable, Equatable {
        /// The watched descriptor has input.
        case input
        /// `signal()` was called.
        case woken
        /// The timeout passed.
        case timedOut
    }

    private let readEnd: Int32
    private let writeEnd: Int32

    /// Creates the pipe; both ends are non-blocking and closed on exec.
    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    // MARK: - API

    /// Wakes the waiting thread (or the next wait, if none is waiting). Safe from any thread and from
    /// signal handlers (one `write(2)`).
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The pipe's write end, for C signal handlers: writing one byte to it is `signal()` (async-signal-safe).
    public var signalDescriptor: Int32 { writeEnd }

    /// Waits until `descriptor` is readable, `signal()` is called, or `timeout` passes (`nil`: no limit).
    ///
    /// A pending signal is consumed by the wait that reports it. When a signal handler interrupts the wait
    /// while `descriptor` is watched, the result is `.input`, so the caller reads (and finds, for example,
    /// ncurses' `KEY_RESIZE` after SIGWINCH).
    public func wait(readingFrom descriptor: Int32? = nil, timeout: Duration?) -> WaitResult {
        var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                milliseconds = Int32(clamping: max(0, ms + (left > .zero && ms == 0 ? 1 : 0)))
            }
            let count = poll(&fds, nfds_t(fds.count), milliseconds)
            if count < 0 {
                if errno == EINTR { if descriptor != nil { return .input } else { continue } }
                return .timedOut
            }
            if count == 0 {
                if let deadline, ContinuousClock.now < deadline { continue }
                return .timedOut
            }
            if fds[0].revents != 0 {
                drain()
                return .woken
            }
            return .input
        }
    }

    /// Empties the pipe.
    private func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
