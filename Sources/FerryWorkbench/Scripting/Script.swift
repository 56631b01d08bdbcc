/// Where a script's text comes from, so errors and tests point at the line a person edits.
public struct ScriptOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The file the script is in: the `.http` file for an inline `{% … %}` block, or the `.js` file.
    public var path: String
    /// The 1-based line in `path` of the script's first line (the line after `{%` when the block
    /// starts on its own line; 1 for a `.js` file).
    public var line: Int

    /// A script starting at `line` of `path`.
    public init(path: String, line: Int = 1) {
        self.path = path
        self.line = max(1, line)
    }

    /// `path:line`.
    public var description: String { "\(path):\(line)" }
}

/// A pre-request script or response handler: JavaScript for the JetBrains HTTP Client API.
public struct Script: Sendable, Hashable {
    /// The JavaScript text.
    public var source: String
    /// Where `source` comes from.
    public var origin: ScriptOrigin

    /// A script with its text and origin.
    public init(source: String, origin: ScriptOrigin) {
        self.source = source
        self.origin = origin
    }
}

/// A place in a script's file.
public struct ScriptLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The 1-based line in the file.
    public var line: Int
    /// The 1-based column, when known.
    public var column: Int?

    /// A location in `path`.
    public init(path: String, line: Int, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, or `path:line` when the column is unknown.
    public var description: String { column.map { "\(path):\(line):\($0)" } ?? "\(path):\(line)" }
}
