import Foundation

/// A request found for a send by reading only what it needs (``Workspace/loadOne(_:at:)``), with what its plan
/// would otherwise take from its parsed file.
public struct LocatedRequest: Sendable {
    /// The workspace: its files listed, none parsed (``Workspace/isPartial``), so nothing writes the request's
    /// file back from a part of it.
    public var workspace: Workspace
    /// The request, with the id and position the whole file gives it.
    public var request: WorkspaceRequest
    /// The errors inside the request's section (``Workspace/problems(of:)``).
    public var problems: [Diagnostic]
    /// The in-file variables the request sees (``HTTPFile/fileVariables(forRequestAt:)``): pass them to
    /// ``Workspace/sendPlan(for:environment:environments:captured:overrides:processEnvironment:dotenv:fileVariables:identities:scope:)``.
    public var fileVariables: [String: String]
}

// MARK: - One request found without parsing its whole file

extension Workspace {
    /// The request with id `text` (`path#name`, `path#N`, or a bare `path` holding one request) in the workspace
    /// at `root`, found without parsing its file whole (``HTTPFileParser/request(_:in:path:)``): a send of one
    /// request of a file of a million. `nil` when only the loaded workspace tells (``load(at:)`` and
    /// ``request(_:)``, which give the same request, or say why there is none): a bare name, a path the workspace
    /// does not list or cannot read, a file with `run` or `import` lines, no such request, or a request that refers
    /// to another's response (found among every request of the workspace).
    public static func loadOne(_ text: String, at root: URL) -> LocatedRequest? {
        let id = RequestID(parsing: text)
        guard !id.path.isEmpty, let listed = try? listing(at: root) else { return nil }
        var workspace = listed.workspace
        guard listed.paths.contains(id.path), let bytes = try? FileIO.bytes(of: workspace.url(of: id.path)),
            let found = HTTPFileParser.request(id.selector, in: bytes, path: id.path),
            Self.responseReferences(in: found.request).isEmpty
        else { return nil }
        workspace.isPartial = true
        workspace.folders.sort()
        workspace.removeLeftoverWrites()
        let request = WorkspaceRequest(
            id: RequestID(path: id.path, selector: found.selector), path: id.path, position: found.position,
            request: found.request)
        return LocatedRequest(
            workspace: workspace, request: request, problems: found.problems, fileVariables: found.fileVariables)
    }
}
