/// A request found in a workspace, with its id and place.
public struct WorkspaceRequest: Sendable, Hashable {
    /// The request's id: `folder/file.http#name` or `folder/file.http#N`.
    public var id: RequestID
    /// The file's path relative to the workspace.
    public var path: String
    /// The 0-based position of the request in its file.
    public var position: Int
    /// The request as written.
    public var request: SavedRequest
}
