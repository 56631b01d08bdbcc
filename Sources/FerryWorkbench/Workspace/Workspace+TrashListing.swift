import Foundation

// MARK: - Listing the trash

extension Workspace {
    /// Every trash entry, most recent first, with what it holds and whether something now stands in its way.
    public func trashSummaries() -> [TrashSummary] {
        trashEntries().map(summary(of:))
    }

    /// What `entry` holds and whether restoring it would be refused.
    public func summary(of entry: TrashEntry) -> TrashSummary {
        switch entry.kind {
        case .request:
            let name = (try? trashedRequest(entry))?.name
            var blocked: String?
            if let name, let index = fileIndex(entry.originalPath),
                files[index].content.requests.contains(where: { $0.name == name })
            {
                blocked = entry.originalPath + "#" + name
            }
            return TrashSummary(entry: entry, content: .request(name: name), blockedBy: blocked)
        case .item:
            let payload = trashFolder.appendingPathComponent(entry.id).appendingPathComponent("payload")
                .appendingPathComponent(entry.name)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: payload.path, isDirectory: &isDirectory)
            let exists = FileManager.default.fileExists(atPath: url(of: entry.originalPath).path)
            let requests = Self.requestCount(at: payload, isFolder: isDirectory.boolValue)
            return TrashSummary(
                entry: entry, content: isDirectory.boolValue ? .folder(requests: requests) : .file(requests: requests),
                blockedBy: exists ? entry.originalPath : nil)
        }
    }

    /// The requests in the request file at `url`, or in every request file below the folder at `url`.
    static func requestCount(at url: URL, isFolder: Bool) -> Int {
        func count(_ file: URL) -> Int {
            guard requestExtensions.contains(file.pathExtension.lowercased()),
                let bytes = try? FileIO.bytes(of: file)
            else { return 0 }
            return HTTPFileParser.parse(bytes, path: file.lastPathComponent).requests.count
        }
        guard isFolder else { return count(url) }
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return 0 }
        var total = 0
        for case let file as URL in walker { total += count(file) }
        return total
    }
}
