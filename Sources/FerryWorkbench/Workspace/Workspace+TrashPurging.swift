import Foundation

// MARK: - Deleting from the trash for good

extension Workspace {
    /// How long an entry stays in the trash before it is deleted for good by itself: 30 days.
    public static let trashRetention: TimeInterval = 30 * 86_400

    /// Deletes `entries` from the trash for good: each entry's folder with everything in it (the item, and
    /// what a caller kept beside it, such as unsaved drafts). Entries already gone are skipped.
    ///
    /// Every entry is tried; the first failure is thrown after the others were deleted.
    /// - Returns: how many entries were deleted.
    @discardableResult
    public func purge(_ entries: [TrashEntry]) throws -> Int {
        var deleted = 0
        var firstFailure: WorkspaceError?
        for entry in entries {
            // An id is one folder name made by `makeTrashEntry`; anything else would reach outside the trash.
            guard !entry.id.isEmpty, !entry.id.contains("/"), !entry.id.hasPrefix(".") else {
                firstFailure = firstFailure ?? .noSuchItem(entry.id)
                continue
            }
            let folder = trashFolder.appendingPathComponent(entry.id)
            guard FileManager.default.fileExists(atPath: folder.path) else { continue }
            do {
                try FileManager.default.removeItem(at: folder)
                deleted += 1
            } catch {
                firstFailure =
                    firstFailure
                    ?? .io(path: ".ferry/trash/" + entry.id, reason: "cannot delete it: \(error.localizedDescription)")
            }
        }
        if let firstFailure { throw firstFailure }
        return deleted
    }

    /// Deletes for good every trash entry deleted more than `age` before `now`; newer ones are never touched.
    /// Failures are left for the next time.
    /// - Returns: the entries deleted.
    @discardableResult
    public func pruneTrash(olderThan age: TimeInterval = trashRetention, now: Date = Date()) -> [TrashEntry] {
        let cutoff = now.timeIntervalSince1970 - age
        let old = trashEntries().filter { $0.deletedAt < cutoff }
        guard !old.isEmpty else { return [] }
        _ = try? purge(old)
        return old.filter { !FileManager.default.fileExists(atPath: trashFolder.appendingPathComponent($0.id).path) }
    }
}
