import Foundation

// MARK: - The trash in `.ferry/trash/`

extension Workspace {
    /// The trash folder.
    public var trashFolder: URL { stateFolder.appendingPathComponent("trash") }

    /// What is in the trash, most recent first.
    public func trashEntries() -> [TrashEntry] {
        Self.trashEntries(in: trashFolder)
    }

    /// What is in the trash folder `trashFolder`, most recent first (folders without a readable manifest are
    /// left out).
    static func trashEntries(in trashFolder: URL) -> [TrashEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: trashFolder.path)) ?? []
        let entries = names.compactMap { name -> TrashEntry? in
            let manifest = trashFolder.appendingPathComponent(name).appendingPathComponent("entry.json")
            guard let data = try? Data(contentsOf: manifest) else { return nil }
            return try? JSONDecoder().decode(TrashEntry.self, from: data)
        }
        return entries.sorted { ($0.deletedAt, $0.id) > ($1.deletedAt, $1.id) }
    }

    /// Puts a trashed request back at its position, or a trashed file or folder back at its path.
    ///
    /// Nothing is overwritten: a file or folder that now exists at the path, or a request of the same name
    /// now in the file, makes it throw ``WorkspaceError/alreadyExists(_:)`` with the entry left in the
    /// trash. `bringingBack` is called with the entry's folder in the trash once the item is back and before
    /// that folder is removed, for what a caller kept there beside it (the workbench keeps unsaved drafts).
    public mutating func restore(_ entry: TrashEntry, bringingBack: (_ entryFolder: URL) -> Void = { _ in }) throws {
        let folder = trashFolder.appendingPathComponent(entry.id)
        switch entry.kind {
        case .request:
            let request = try trashedRequest(entry)
            if let name = request.name, let index = fileIndex(entry.originalPath),
                files[index].content.requests.contains(where: { $0.name == name })
            {
                throw WorkspaceError.alreadyExists(entry.originalPath + "#" + name)
            }
            let index = fileIndex(entry.originalPath) ?? addFile(entry.originalPath)
            let count = files[index].content.requests.count
            let position = min(entry.position ?? count, count)
            files[index].content.insertRequest(request, at: position < count ? position : nil)
            try save(entry.originalPath)
        case .item:
            let source = folder.appendingPathComponent("payload").appendingPathComponent(entry.name)
            let target = url(of: entry.originalPath)
            try wrap(entry.originalPath) {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            // One no-replace rename: something made at the path meanwhile is never overwritten.
            do {
                try FileIO.moveWithoutReplacing(source, to: target)
            } catch .targetExists {
                throw WorkspaceError.alreadyExists(entry.originalPath)
            } catch .failed(let reason) {
                throw WorkspaceError.io(path: entry.originalPath, reason: "cannot restore it: \(reason)")
            }
            try reload()
        }
        bringingBack(folder)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The request a `.request` entry holds.
    func trashedRequest(_ entry: TrashEntry) throws -> SavedRequest {
        try Self.trashedRequest(entry, in: trashFolder)
    }

    /// The request a `.request` entry of the trash folder `trashFolder` holds.
    static func trashedRequest(_ entry: TrashEntry, in trashFolder: URL) throws -> SavedRequest {
        let (bytes, _) = try FileIO.read(
            trashFolder.appendingPathComponent(entry.id).appendingPathComponent("request.http"))
        guard let request = HTTPFileParser.parse(bytes, path: entry.originalPath).requests.first else {
            throw WorkspaceError.noSuchItem(entry.id)
        }
        return request
    }

    /// A new, empty entry folder; entries older than ``trashRetention`` are deleted for good first (the trash
    /// only grows here, so this is where it is kept in bounds).
    func makeTrashEntry(kind: TrashEntry.Kind, originalPath: String) throws -> TrashEntry {
        try ensureStateFolder()
        let now = Date().timeIntervalSince1970
        pruneTrash(now: Date(timeIntervalSince1970: now))
        let id = String(format: "%.0f-%@", now * 1000, UUID().uuidString.prefix(8).lowercased())
        let folder = trashFolder.appendingPathComponent(id)
        try wrap(folder.path) { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        return TrashEntry(id: id, kind: kind, originalPath: originalPath, position: nil, deletedAt: now)
    }

    func writeManifest(_ entry: TrashEntry) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(entry)
        try FileIO.writeAtomically(
            Array(data), to: trashFolder.appendingPathComponent(entry.id).appendingPathComponent("entry.json"))
    }

    /// Creates `.ferry/` with a `.gitignore` of `*`, so the state never reaches git.
    public func ensureStateFolder() throws {
        let ignore = stateFolder.appendingPathComponent(".gitignore")
        guard !FileManager.default.fileExists(atPath: ignore.path) else { return }
        try wrap(stateFolder.path) {
            try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        }
        try FileIO.writeAtomically(Array("*\n".utf8), to: ignore)
    }
}
