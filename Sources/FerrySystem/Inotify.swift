import Glibc

/// Linux's file change notification (`inotify(7)`): folders are watched with ``watch(_:for:)``, and the events
/// the kernel queued are read with ``readEvents()`` when ``descriptor`` is readable (``Poll``). The descriptor
/// is non-blocking, closed on exec, and closed when the value goes.
///
/// ```swift
/// let inotify = try Inotify()
/// let folder = inotify.watch("/work/api", for: [.create, .delete, .closeWrite, .onlyFolder])
/// for event in inotify.readEvents() { print(event.watch, event.name, event.mask) }
/// ```
public final class Inotify: Sendable {
    /// What happened, or what to watch for.
    public struct Mask: OptionSet, Sendable, Hashable {
        /// The `inotify` bits.
        public let rawValue: UInt32

        /// Creates a mask from `inotify` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A file or folder was created in the folder (`IN_CREATE`).
        public static let create = Mask(rawValue: UInt32(IN_CREATE))
        /// A file or folder was deleted from the folder (`IN_DELETE`).
        public static let delete = Mask(rawValue: UInt32(IN_DELETE))
        /// A file opened for writing was closed (`IN_CLOSE_WRITE`).
        public static let closeWrite = Mask(rawValue: UInt32(IN_CLOSE_WRITE))
        /// A file or folder was moved out of the folder (`IN_MOVED_FROM`).
        public static let movedFrom = Mask(rawValue: UInt32(IN_MOVED_FROM))
        /// A file or folder was moved into the folder (`IN_MOVED_TO`).
        public static let movedTo = Mask(rawValue: UInt32(IN_MOVED_TO))
        /// The watched folder itself was deleted (`IN_DELETE_SELF`).
        public static let deleteSelf = Mask(rawValue: UInt32(IN_DELETE_SELF))
        /// Permissions, times or links changed (`IN_ATTRIB`).
        public static let attributes = Mask(rawValue: UInt32(IN_ATTRIB))
        /// Watch the path only if it is a folder (`IN_ONLYDIR`).
        public static let onlyFolder = Mask(rawValue: UInt32(IN_ONLYDIR))
        /// The event is about a folder (`IN_ISDIR`).
        public static let isFolder = Mask(rawValue: UInt32(IN_ISDIR))
        /// The watch was removed: the folder went, or its file system was unmounted (`IN_IGNORED`).
        public static let ignored = Mask(rawValue: UInt32(IN_IGNORED))
        /// The kernel's queue overflowed and events were lost (`IN_Q_OVERFLOW`).
        public static let queueOverflow = Mask(rawValue: UInt32(IN_Q_OVERFLOW))
    }

    /// One event: the watch it came from (what ``watch(_:for:)`` returned), what happened, and the name of the
    /// file or folder in the watched folder (empty for an event about the folder itself).
    public struct Event: Sendable, Hashable {
        /// The watch that reported it.
        public var watch: Int32
        /// What happened.
        public var mask: Mask
        /// The name in the watched folder, or empty.
        public var name: String
    }

    /// The descriptor to wait on for events.
    public let descriptor: Int32

    /// Starts an `inotify` instance; throws when the system refuses one (too many instances, no memory).
    public init() throws(SystemError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw SystemError(call: "inotify_init1", code: errno) }
    }

    deinit { close(descriptor) }

    /// Watches the folder at `path` for `mask`; returns the watch, or the error (no such folder, too many
    /// watches).
    public func watch(_ path: String, for mask: Mask) -> Result<Int32, SystemError> {
        let watch = inotify_add_watch(descriptor, path, mask.rawValue)
        return watch >= 0 ? .success(watch) : .failure(SystemError(call: "inotify_add_watch", code: errno))
    }

    /// The events queued now (one `read(2)` of up to 64 KiB), in order; none when nothing is queued.
    public func readEvents() -> [Event] {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = SystemCall.retryingInterrupts { read(descriptor, &buffer, buffer.count) }
        guard count > 0 else { return [] }
        return Self.events(in: buffer[..<count])
    }

    /// The events in `bytes`, as the kernel lays them out (a header, then the name padded with zeros).
    static func events(in bytes: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        var offset = bytes.startIndex
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= bytes.endIndex {
            let header = bytes[offset..<offset + headerSize].withUnsafeBytes {
                $0.loadUnaligned(as: inotify_event.self)
            }
            let nameStart = offset + headerSize
            let nameEnd = min(bytes.endIndex, nameStart + Int(header.len))
            let name = String(decoding: bytes[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            events.append(Event(watch: header.wd, mask: Mask(rawValue: header.mask), name: name))
            offset = nameEnd
        }
        return events
    }
}
