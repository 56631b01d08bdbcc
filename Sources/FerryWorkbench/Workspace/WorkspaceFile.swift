/// One `.http` file of a workspace as loaded: its path, parsed content and on-disk fingerprint.
public struct WorkspaceFile: Sendable, Hashable {
    /// The path relative to the workspace, with `/` between folders.
    public var path: String
    /// The parsed file, possibly edited in memory.
    public var content: HTTPFile
    /// What the file looked like on disk when loaded or last saved; `nil` for a file not yet saved.
    public var fingerprint: FileFingerprint?

    /// The requests with their ids; a name used twice in the file falls back to `#N`.
    public var requests: [WorkspaceRequest] {
        let all = content.requests
        return zip(Self.selectors(of: all.map(\.name)), all).enumerated().map { position, pair in
            WorkspaceRequest(
                id: RequestID(path: path, selector: pair.0), path: path, position: position, request: pair.1)
        }
    }

    /// The ids of ``requests``, in the same order, without a copy of each request (a listing needs no more).
    public var requestIDs: [RequestID] {
        Self.selectors(of: content.sections.compactMap { $0.request.map(\.name) }).map {
            RequestID(path: path, selector: $0)
        }
    }

    /// The request at `position` with its id `id` (from ``requestIDs``), made without the others.
    func request(at position: Int, id: RequestID) -> WorkspaceRequest? {
        guard let section = content.sectionIndex(ofRequestAt: position), let request = content.sections[section].request
        else { return nil }
        return WorkspaceRequest(id: id, path: path, position: position, request: request)
    }

    /// Each request's selector, given each request's name: its name when no other request of the file has it, else
    /// `#N`.
    static func selectors(of names: [String?]) -> [String] {
        var counts: [String: Int] = [:]
        counts.reserveCapacity(names.count)
        for name in names { if let name { counts[name, default: 0] += 1 } }
        return names.enumerated().map { position, name in
            if let name, counts[name] == 1, !name.hasPrefix("#") { return name }
            return "#\(position + 1)"
        }
    }
}
