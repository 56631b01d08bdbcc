/// One line (or multi-line script) above a request line: a comment, a directive, an in-file
/// variable, a pre-request script, a `run`/`import` statement, or a blank line.
///
/// Each item keeps its source text, so rewriting an edited request keeps its comments as written.
public struct PreambleItem: Sendable, Hashable {
    /// What kind of line this is.
    public enum Kind: Sendable, Hashable {
        /// An empty or whitespace-only line.
        case blank
        /// A `#` or `//` comment that is not a directive.
        case comment
        /// A `# @name value` directive; `value` is trimmed and may be empty.
        case directive(name: String, value: String)
        /// An in-file variable `@name = value`.
        case variable(name: String, value: String)
        /// A pre-request script, `< {% ... %}` or `< file.js`: kept, never run.
        case script
        /// A `run ...` or `import ...` statement: kept, never run.
        case statement
        /// A response handler (`> {% ... %}`, `> ./handler.js`) above a request line, where it handles nothing:
        /// kept, never run, and warned about.
        case misplacedHandler
    }

    /// What kind of line this is.
    public var kind: Kind
    /// The source text, lines joined by `\n` for multi-line scripts.
    public var text: String

    /// Creates an item from its kind and source text.
    public init(_ kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// A `# @name value` directive line.
    public static func directive(_ name: String, _ value: String = "") -> PreambleItem {
        PreambleItem(.directive(name: name, value: value), text: value.isEmpty ? "# @\(name)" : "# @\(name) \(value)")
    }

    /// An `@name = value` in-file variable line.
    public static func variable(_ name: String, _ value: String) -> PreambleItem {
        PreambleItem(.variable(name: name, value: value), text: "@\(name) = \(value)")
    }
}
