import Glibc

/// Waiting for descriptors to be ready: one `poll(2)` over a few descriptors, with a time limit.
///
/// ```swift
/// switch Poll.wait([(inotify, .readable), (wake.readDescriptor, .readable)], timeout: .milliseconds(150)) {
/// case .ready(let events): if events[1].contains(.readable) { return }
/// case .timedOut: report()
/// case .interrupted: break  // a signal arrived: wait again, or act on it
/// case .failed(let error): throw error
/// }
/// ```
public enum Poll {
    /// What to wait for on a descriptor, and what it is ready for.
    public struct Events: OptionSet, Sendable, Hashable {
        /// The `poll(2)` bits.
        public let rawValue: Int16

        /// Creates events from `poll(2)` bits.
        public init(rawValue: Int16) { self.rawValue = rawValue }

        /// There is something to read (`POLLIN`).
        public static let readable = Events(rawValue: Int16(POLLIN))
        /// A write would not block (`POLLOUT`).
        public static let writable = Events(rawValue: Int16(POLLOUT))
        /// The other end hung up (`POLLHUP`; reported whether asked for or not).
        public static let hangUp = Events(rawValue: Int16(POLLHUP))
        /// An error on the descriptor (`POLLERR`; reported whether asked for or not).
        public static let error = Events(rawValue: Int16(POLLERR))
    }

    /// How a wait ended.
    public enum Outcome: Sendable, Hashable {
        /// At least one descriptor is ready: what each of the watched ones is ready for, in their order (empty
        /// for those that are not).
        case ready([Events])
        /// The time limit passed with nothing ready.
        case timedOut
        /// A signal arrived while waiting (`EINTR`); the caller waits again or acts on the signal.
        case interrupted
        /// `poll(2)` failed otherwise.
        case failed(SystemError)
    }

    /// Waits until one of `watched` is ready for what it is watched for (a negative descriptor is not watched),
    /// `timeout` passes (`nil`: no limit; rounded up to a whole millisecond), or a signal arrives.
    public static func wait(_ watched: [(descriptor: Int32, events: Events)], timeout: Duration?) -> Outcome {
        var descriptors = watched.map { pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0) }
        let result = poll(&descriptors, nfds_t(descriptors.count), milliseconds(timeout))
        if result < 0 {
            let code = errno
            return code == EINTR ? .interrupted : .failed(SystemError(call: "poll", code: code))
        }
        if result == 0 { return .timedOut }
        return .ready(descriptors.map { Events(rawValue: $0.revents) })
    }

    /// `timeout` as `poll(2)`'s milliseconds: `-1` for none, a part of a millisecond counted as one, at most
    /// `Int32.max`.
    static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        guard timeout > .zero else { return 0 }
        let (seconds, attoseconds) = timeout.components
        let whole = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let rest = attoseconds % 1_000_000_000_000_000
        return Int32(clamping: whole + (rest > 0 ? 1 : 0))
    }
}
