import FerrySystem

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

    /// The pipe; `nil` when the system had no descriptor left (a wait then only ends by input or time).
    private let pipe: WakePipe?

    /// Creates the pipe; both ends are non-blocking and closed on exec.
    public init() {
        pipe = try? WakePipe()
    }

    // MARK: - API

    /// Wakes the waiting thread (or the next wait, if none is waiting). Safe from any thread and from
    /// signal handlers (one `write(2)`).
    public func signal() {
        pipe?.signal()
    }

    /// The pipe's write end, for C signal handlers: writing one byte to it is `signal()` (async-signal-safe).
    public var signalDescriptor: Int32 { pipe?.writeDescriptor ?? -1 }

    /// Waits until `descriptor` is readable, `signal()` is called, or `timeout` passes (`nil`: no limit).
    ///
    /// A pending signal is consumed by the wait that reports it. When a signal handler interrupts the wait
    /// while `descriptor` is watched, the result is `.input`, so the caller reads (and finds, for example,
    /// ncurses' `KEY_RESIZE` after SIGWINCH).
    public func wait(readingFrom descriptor: Int32? = nil, timeout: Duration?) -> WaitResult {
        var watched: [(descriptor: Int32, events: Poll.Events)] = [(pipe?.readDescriptor ?? -1, .readable)]
        if let descriptor { watched.append((descriptor, .readable)) }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            switch Poll.wait(watched, timeout: deadline.map { max(.zero, $0 - ContinuousClock.now) }) {
            case .interrupted:
                if descriptor != nil { return .input }
            case .failed:
                return .timedOut
            case .timedOut:
                if let deadline, ContinuousClock.now < deadline { continue }
                return .timedOut
            case .ready(let events):
                if !events[0].isEmpty {
                    pipe?.drain()
                    return .woken
                }
                return .input
            }
        }
    }
}
