import FerryHTTP
import FerrySystem
import Foundation

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
    private let inotify: Inotify
    private let wake: WakePipe
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
        do throws(SystemError) {
            inotify = try Inotify()
            wake = try WakePipe()
        } catch {
            throw Self.failure(error, at: root.standardizedFileURL)
        }
        if case .failure(let error) = watchTree("") { throw Self.failure(error, at: self.root) }
        let thread = Thread { [self] in
            watchLoop()
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
        wake.signal()
        finished.wait()
    }

    // MARK: - The watcher's thread

    private static let mask: Inotify.Mask = [
        .create, .delete, .closeWrite, .movedFrom, .movedTo, .deleteSelf, .attributes,
    ]

    private func watchLoop() {
        var pending: Set<String> = []
        var overflowed = false
        while true {
            let waiting = pending.isEmpty && !overflowed
            let watched = [(inotify.descriptor, Poll.Events.readable), (wake.readDescriptor, .readable)]
            switch Poll.wait(watched, timeout: waiting ? nil : quietPeriod) {
            case .interrupted:
                continue
            case .failed:
                return
            case .timedOut:
                // Quiet for a while: report the burst.
                onChange(overflowed ? [] : pending)
                pending = []
                overflowed = false
            case .ready(let events):
                if !events[1].isEmpty { return }
                let read = inotify.readEvents()
                overflowed = collect(read, into: &pending) || overflowed
            }
        }
    }

    /// Adds the paths the events name to `changed`; returns whether the kernel's queue overflowed.
    private func collect(_ events: [Inotify.Event], into changed: inout Set<String>) -> Bool {
        var overflowed = false
        for event in events {
            if event.mask.contains(.queueOverflow) {
                overflowed = true
                continue
            }
            if event.mask.contains(.ignored) {
                folders[event.watch] = nil
                continue
            }
            let name = event.name
            guard let folder = folders[event.watch], !name.isEmpty else { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            if event.mask.contains(.isFolder) {
                guard !Workspace.isSkippedFolder(name) else { continue }
                if !event.mask.isDisjoint(with: [.create, .movedTo]) {
                    // A folder moved in (or unpacked) brings files no event names: report them all.
                    watchTree(path)
                    changed.formUnion(filesBelow(path))
                }
            }
            changed.insert(path)
        }
        return overflowed
    }

    /// Watches `path` (relative to the root) and the folders below it; fails when `path` itself is not watched.
    @discardableResult
    private func watchTree(_ path: String) -> Result<Void, SystemError> {
        let url = path.isEmpty ? root : root.appendingPathComponent(path)
        let watch: Int32
        switch inotify.watch(url.path, for: Self.mask.union(.onlyFolder)) {
        case .success(let added): watch = added
        case .failure(let error): return .failure(error)
        }
        folders[watch] = path
        let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for child in children where !Workspace.isSkippedFolder(child) {
            var isFolder: ObjCBool = false
            let childPath = path.isEmpty ? child : path + "/" + child
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(child).path, isDirectory: &isFolder),
                isFolder.boolValue
            {
                watchTree(childPath)
            }
        }
        return .success(())
    }

    /// The files below `path`, relative to the root.
    private func filesBelow(_ path: String) -> [String] {
        let url = root.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        return walker.compactMap { ($0 as? String).map { path + "/" + $0 } }
    }

    /// The error of a watch that could not start at `root`: the call that failed and the system's words.
    private static func failure(_ error: SystemError, at root: URL) -> WorkspaceError {
        .io(path: root.path, reason: "cannot watch the workspace: \(error)")
    }
}
