/// One request a run of a file sends: one of the file's own, or one a `run` line names, with the variables the
/// `run` line gives it.
public struct ComposedStep: Sendable, Hashable {
    /// The request to send (of the file run, of a file it imports, or of a file a `run` line runs).
    public var request: WorkspaceRequest
    /// The `run` line's `(@name=value)` variables (a nested `run` line's win over the outer one's); they win
    /// over every other layer.
    public var overrides: [String: String]
    /// The `run` line of the file run that brought the request in; `nil` for the file's own requests.
    public var ranBy: SourceLocation?

    /// A step sending `request` with `overrides`, brought in by the `run` line at `ranBy`.
    public init(request: WorkspaceRequest, overrides: [String: String] = [:], ranBy: SourceLocation? = nil) {
        self.request = request
        self.overrides = overrides
        self.ranBy = ranBy
    }
}
