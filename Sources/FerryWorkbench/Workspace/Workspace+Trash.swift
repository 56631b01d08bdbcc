import Foundation

// MARK: - The trash in `.ferry/trash/`

extension Workspace {
    /// The trash folder.
    public var trashFolder: URL { stateFolder.appendingPathComponent("trash") }

    /// What is in the trash, most recent first.
    public func trashEntries() -> [TrashEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: trashFolder.path)) ?? []
        let entries = names.compactMap { name -> TrashEntry? in
            let manifest = trashFolder.appendingPathComponent(name).appendingPathComponent("entry.json")
            guard let data = try? Data(contentsOf: manifest) else { return nil }
            return try? JSONDecoder().decode(TrashEntry.self, from: data)
        }
        return entries.sorted { ($0.deletedAt, $0.id) > ($1.deletedAt, $1.id) }
    }

    /// Puts a trashed request back at its position, or a trashed file or folder back at its path.
    public mutating func restore(_ entry: TrashEntry) throws {
        let folder = trashFolder.appendingPathComponent(entry.id)
        switch entry.kind {
        case .request:
            let (bytes, _) = try FileIO.read(folder.appendingPathComponent("request.http"))
            let parsed = HTTPFileParser.parse(bytes, path: entry.originalPath)
            guard let request = parsed.requests.first else { throw WorkspaceError.noSuchItem(entry.id) }
            let index = fileIndex(entry.originalPath) ?? addFile(entry.originalPath)
            let count = files[index].content.requests.count
            let position = min(entry.position ?? count, count)
            files[index].content.insertRequest(request, at: position < count ? position : nil)
            try save(entry.originalPath)
        case .item:
            let name = (entry.originalPath as NSString).lastPathComponent
            let source = folder.appendingPathComponent("payload").appendingPathComponent(name)
            let target = url(of: entry.originalPath)
            guard !FileManager.default.fileExists(atPath: target.path) else {
                throw WorkspaceError.alreadyExists(entry.originalPath)
            }
            try wrap(entry.originalPath) {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.moveItem(at: source, to: target)
            }
            try reload()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    func makeTrashEntry(kind: TrashEntry.Kind, originalPath: String) throws -> TrashEntry {
        try ensureStateFolder()
        let now = Date().timeIntervalSince1970
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
