/// The id of a request in a workspace: `folder/file.http#name`, or `#N` (1-based position) when
/// the request has no name or its name is not unique in the file.
public struct RequestID: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The file's path relative to the workspace, with `/` between folders.
    public var path: String
    /// The request's name, or `#N` by position.
    public var selector: String

    /// Creates an id from a file path and a selector (a name, or `#N`).
    public init(path: String, selector: String) {
        self.path = path
        self.selector = selector
    }

    /// Parses `path#selector`; a bare path has an empty selector.
    public init(parsing text: String) {
        if let hash = text.firstIndex(of: "#") {
            path = String(text[..<hash])
            let rest = text[text.index(after: hash)...]
            selector = rest.allSatisfy(\.isNumber) && !rest.isEmpty ? "#" + rest : String(rest)
        } else {
            path = text
            selector = ""
        }
    }

    /// `path#name` or `path#N`.
    public var description: String {
        selector.hasPrefix("#") ? path + selector : path + "#" + selector
    }

    /// Orders by path, then selector.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.selector) < (rhs.path, rhs.selector)
    }
}
