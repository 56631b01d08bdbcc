import FerryWorkbench
import Foundation

// MARK: - Drafts that go to the trash with their file or folder, and come back with it

extension DraftStore {
    /// A store of drafts in `folder` (such as a trash entry's `drafts/`).
    init(folder: URL) {
        self.folder = folder
    }

    /// The drafts kept in a trash entry's folder.
    static func inTrash(_ entryFolder: URL) -> DraftStore {
        DraftStore(folder: entryFolder.appendingPathComponent("drafts"))
    }

    /// Moves the drafts of every request in the file or folder `path` into the trash entry's folder
    /// `entryFolder`, so restoring the entry brings them back; returns how many were moved. A draft that
    /// cannot be moved stays where it was (still on disk).
    @discardableResult
    func stash(under path: String, into entryFolder: URL) -> Int {
        stash(into: entryFolder) { Workspace.path($0.path, isInside: path) }
    }

    /// Moves the draft of the request `id` (if any) into the trash entry's folder `entryFolder`.
    @discardableResult
    func stash(_ id: RequestID, into entryFolder: URL) -> Int {
        stash(into: entryFolder) { $0 == id }
    }

    /// Moves the drafts whose request id `matches` into the trash entry's folder; returns how many.
    private func stash(into entryFolder: URL, where matches: (RequestID) -> Bool) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        let trash = Self.inTrash(entryFolder).folder
        var moved = 0
        for name in names where name.hasSuffix(".http") {
            guard let decoded = String(name.dropLast(5)).removingPercentEncoding, matches(RequestID(parsing: decoded))
            else { continue }
            do {
                try FileManager.default.createDirectory(at: trash, withIntermediateDirectories: true)
                try FileIO.moveWithoutReplacing(
                    folder.appendingPathComponent(name), to: trash.appendingPathComponent(name))
                moved += 1
            } catch {
                continue
            }
        }
        return moved
    }

    /// Moves the drafts kept in the trash entry's folder `entryFolder` back into this store and returns them by
    /// request id (a draft left here from an older session for the same id is replaced: the one coming back
    /// belongs to the request coming back).
    func unstash(from entryFolder: URL) -> [RequestID: SavedRequest] {
        let trash = Self.inTrash(entryFolder)
        let drafts = trash.load()
        guard !drafts.isEmpty else { return [:] }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var back: [RequestID: SavedRequest] = [:]
        for (id, draft) in drafts {
            let name = Self.fileName(for: id)
            let target = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            guard (try? FileIO.moveWithoutReplacing(trash.folder.appendingPathComponent(name), to: target)) != nil
            else { continue }
            back[id] = draft
        }
        return back
    }
}
