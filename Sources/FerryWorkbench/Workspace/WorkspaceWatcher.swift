import FerryHTTP
import FerrySystem
import Foundation
import Glibc

/// Watches a workspace's folder tree with inotify and reports the files changed outside (an editor, a
/// `git pull`, a new or deleted file), a burst at a time.
///
/// Every folder is watched except hidden ones (`.ferry`, Ferry's own state, `.git`…), which the workspace
/// does not read either; a folder created or moved in is watched from then on. Events are gathered until `quietPeriod` passes without one, then `onChange`
/// gets the paths (relative to the root, `/` between folders) on the watcher's thread. When the kernel's
/// queue overflowed the set is empty: anything may have changed. The watcher cannot tell Ferry's own
/// atomic saves from an editor's; the caller compares contents (``FileFingerprint``) for that.
///
/// ```swift
/// let watcher = try WorkspaceWatcher(root: workspace.root) { paths in reload(paths) }
/// defer { watcher.stop() }
/// ```
public final class WorkspaceWatcher: @unchecked Sendable {
    // The descriptors never change after `init`; the folder table is only touched on the watcher's thread.
    private let inotify: Int32
    private let wake: (read: Int32, write: Int32)
    private let root: URL
    private let quietPeriod: Duration
    private let onChange: @Sendable (Set<String>) -> Void
    private var folders: [Int32: String] = [:]
    private let stopped = Locked(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts watching `root` and everything below it; throws when inotify cannot be set up.
    public init(
        root: URL, quietPeriod: Duration = .milliseconds(150),
        onChange: @escaping @Sendable (Set<String>) -> Void
    ) throws {
        self.root = root.standardizedFileURL
        self.quietPeriod = quietPeriod
        self.onChange = onChange
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw Self.failure("inotify_init1") }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            close(inotify)
            throw Self.failure("pipe2")
        }
        wake = (pipeEnds[0], pipeEnds[1])
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        guard watchTree("") else {
            close(inotify)
            close(wake.read)
            close(wake.write)
            throw Self.failure("inotify_add_watch \(self.root.path)")
        }
        let thread = Thread { [self] in
            watchLoop()
            close(inotify)
            close(wake.read)
            finished.signal()
        }
        thread.name = "ferry.workspace-watcher"
        thread.start()
    }

    deinit { stop() }

    /// Stops watching and waits for the watcher's thread to end (a burst being reported finishes first).
    public func stop() {
        let first = stopped.withLock { isStopped -> Bool in
            defer { isStopped = true }
            return !isStopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        finished.wait()
        close(wake.write)
    }

    // MARK: - The watcher's thread

    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_ATTRIB)

    private func watchLoop() {
        var pending: Set<String> = []
        var overflowed = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let quietMilliseconds = Int32(
            quietPeriod.components.seconds * 1000 + quietPeriod.components.attoseconds / 1_000_000_000_000_000)
        while true {
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let waiting = pending.isEmpty && !overflowed
            let ready = SystemCall.retryingInterrupts { poll(&descriptors, 2, waiting ? -1 : quietMilliseconds) }
            if ready < 0 { return }
            if descriptors[1].revents != 0 { return }
            if ready == 0 {
                // Quiet for a while: report the burst.
                onChange(overflowed ? [] : pending)
                pending = []
                overflowed = false
                continue
            }
            let count = Glibc.read(inotify, &buffer, buffer.count)
            guard count > 0 else { continue }
            overflowed = collect(buffer[..<count], into: &pending) || overflowed
        }
    }

    /// Adds the paths the events name to `changed`; returns whether the kernel's queue overflowed.
    private func collect(_ bytes: ArraySlice<UInt8>, into changed: inout Set<String>) -> Bool {
        var overflowed = false
        var offset = bytes.startIndex
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= bytes.endIndex {
            let event = bytes[offset..<offset + headerSize].withUnsafeBytes { $0.loadUnaligned(as: inotify_event.self) }
            let nameStart = offset + headerSize
            let nameEnd = min(bytes.endIndex, nameStart + Int(event.len))
            let name = String(decoding: bytes[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            offset = nameEnd
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                overflowed = true
                continue
            }
            if event.mask & UInt32(IN_IGNORED) != 0 {
                folders[event.wd] = nil
                continue
            }
            guard let folder = folders[event.wd], !name.isEmpty else { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            if event.mask & UInt32(IN_ISDIR) != 0 {
                guard !Workspace.isSkippedFolder(name) else { continue }
                if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    // A folder moved in (or unpacked) brings files no event names: report them all.
                    _ = watchTree(path)
                    changed.formUnion(filesBelow(path))
                }
            }
            changed.insert(path)
        }
        return overflowed
    }

    /// Watches `path` (relative to the root) and the folders below it; returns whether `path` itself is watched.
    private func watchTree(_ path: String) -> Bool {
        let url = path.isEmpty ? root : root.appendingPathComponent(path)
        let descriptor = inotify_add_watch(inotify, url.path, Self.mask | UInt32(IN_ONLYDIR))
        guard descriptor >= 0 else { return false }
        folders[descriptor] = path
        let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for child in children where !Workspace.isSkippedFolder(child) {
            var isFolder: ObjCBool = false
            let childPath = path.isEmpty ? child : path + "/" + child
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(child).path, isDirectory: &isFolder),
                isFolder.boolValue
            {
                _ = watchTree(childPath)
            }
        }
        return true
    }

    /// The files below `path`, relative to the root.
    private func filesBelow(_ path: String) -> [String] {
        let url = root.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        return walker.compactMap { ($0 as? String).map { path + "/" + $0 } }
    }

    private static func failure(_ call: String) -> WorkspaceError {
        .io(path: call, reason: "cannot watch the workspace: \(String(cString: strerror(errno)))")
    }
}
