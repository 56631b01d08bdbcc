import Foundation

// MARK: - Following a renamed or moved file or folder

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
                document.requests[index].path = moved
                changed = true
            }
            guard changed else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileIO.writeAtomically(Array(try encoder.encode(document)), to: url)
        }
    }
}
