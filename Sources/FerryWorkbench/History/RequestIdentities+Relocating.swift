import Foundation

// MARK: - Following a renamed or moved request, file or folder

extension RequestIdentities {
    /// Rewrites the records of every request in the file or folder `path` to live under `newPath`, so
    /// their history follows them exactly (even when identical requests would make content matching
    /// ambiguous). Does nothing when `ids.json` does not exist yet.
    public func relocate(_ path: String, to newPath: String) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try LockFile.withLock(url.deletingLastPathComponent().appendingPathComponent("ids.lock")) {
            var document = load()
            var changed = false
            for index in document.requests.indices {
                guard
                    let moved = Workspace.path(document.requests[index].path, relocatedFrom: path, to: newPath)
                else { continue }
                document.requests[index].move(to: moved, name: document.requests[index].name)
                changed = true
            }
            guard changed else { return }
            try write(document)
        }
    }

    /// Moves the record of the request with stable id `id` to `path` and `name` (a request renamed or moved
    /// to another file by Ferry), remembering where it was. Does nothing for an unknown id.
    public func move(_ id: String, to path: String, name: String?) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try LockFile.withLock(url.deletingLastPathComponent().appendingPathComponent("ids.lock")) {
            var document = load()
            guard let index = document.requests.firstIndex(where: { $0.id == id }) else { return }
            let before = document.requests[index]
            document.requests[index].move(to: path, name: name)
            guard document.requests[index] != before else { return }
            try write(document)
        }
    }

    /// The stable id of the request that was at `key` (`path#name`) before it was moved or renamed, if a
    /// record remembers it (the latest to have left it when several did).
    func formerOwner(of key: String, in document: Document) -> String? {
        document.requests.last { $0.formerPaths?.contains(key) == true }?.id
    }
}
