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
        var counts: [String: Int] = [:]
        for request in all { if let name = request.name { counts[name, default: 0] += 1 } }
        return all.enumerated().map { position, request in
            let selector: String
            if let name = request.name, counts[name] == 1, !name.hasPrefix("#") {
                selector = name
            } else {
                selector = "#\(position + 1)"
            }
            return WorkspaceRequest(
                id: RequestID(path: path, selector: selector), path: path, position: position, request: request)
        }
    }
}
