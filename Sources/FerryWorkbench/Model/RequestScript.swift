/// A JavaScript script of a request, as the file gives it: a pre-request script (`< {% … %}`, `< ./pre.js`)
/// or a response handler (`> {% … %}`, `> ./handler.js`), with where its code starts.
public struct RequestScript: Sendable, Hashable {
    /// When the script runs.
    public enum Kind: Sendable, Hashable {
        /// Before the request is resolved and sent (`<`).
        case preRequest
        /// After the response arrived (`>`).
        case responseHandler
    }

    /// Where the code is.
    public enum Source: Sendable, Hashable {
        /// Code written in the `.http` file between `{%` and `%}`.
        case inline(String)
        /// A `.js` file, by the path as written (relative to the request's file).
        case file(String)
    }

    /// When the script runs.
    public var kind: Kind
    /// The code or the file holding it.
    public var source: Source
    /// For inline code, the place of its first character (just after `{%`); for a file, the line naming it.
    /// `nil` for a request built in code.
    public var location: SourceLocation?

    /// Creates a script.
    public init(_ kind: Kind, source: Source, location: SourceLocation? = nil) {
        self.kind = kind
        self.source = source
        self.location = location
    }

    /// The file line of line `line` (1-based) of inline code, to place an exception the engine reports
    /// there; `nil` for a file script (its own lines are the `.js` file's) or without a location.
    public func fileLine(ofCodeLine line: Int) -> Int? {
        guard case .inline = source, let location else { return nil }
        return location.line + line - 1
    }
}

/// `>> path` or `>>! path` after a request: save the response body to a file.
public struct ResponseOutput: Sendable, Hashable {
    /// The path as written, `{{variables}}` unresolved, relative to the request's file.
    public var path: String
    /// Whether the file is replaced (`>>!`); otherwise an existing file is kept and a new name is chosen
    /// (`out-1.json`, `out-2.json`, …), as the JetBrains client does.
    public var overwrite: Bool
    /// The line of the redirect; `nil` for a request built in code.
    public var location: SourceLocation?

    /// Creates an output.
    public init(path: String, overwrite: Bool, location: SourceLocation? = nil) {
        self.path = path
        self.overwrite = overwrite
        self.location = location
    }
}
