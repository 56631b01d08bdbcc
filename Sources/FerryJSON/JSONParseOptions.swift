/// How strictly ``JSONDocument`` and ``JSONValue`` read their input.
///
/// The default, ``strict``, is RFC 8259 exactly. ``lenient`` also accepts what people paste into an
/// editor: `//` and `/* */` comments, a trailing comma before `]` or `}`, and a leading UTF-8 byte order mark.
///
/// ```swift
/// let body = try JSONValue(parsing: "{\"a\": 1, /* note */}", options: .lenient)
/// ```
public struct JSONParseOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a stack overflow.
    ///
    /// Clamped to `1...10_000`: values are materialized and printed recursively, so the limit keeps
    /// every later step within the stack of any thread.
    public var maximumDepth: Int {
        didSet { maximumDepth = min(max(maximumDepth, 1), 10_000) }
    }
    /// Whether `//` line comments and `/* */` block comments count as whitespace.
    public var allowsComments: Bool
    /// Whether a comma may follow the last element of an array or the last member of an object.
    public var allowsTrailingCommas: Bool
    /// Whether a leading UTF-8 byte order mark (`EF BB BF`) is skipped.
    public var allowsByteOrderMark: Bool

    /// Creates options; the defaults are those of ``strict``.
    public init(
        maximumDepth: Int = 512, allowsComments: Bool = false, allowsTrailingCommas: Bool = false,
        allowsByteOrderMark: Bool = false
    ) {
        self.maximumDepth = min(max(maximumDepth, 1), 10_000)
        self.allowsComments = allowsComments
        self.allowsTrailingCommas = allowsTrailingCommas
        self.allowsByteOrderMark = allowsByteOrderMark
    }

    /// RFC 8259 exactly, with a nesting limit of 512.
    public static let strict = JSONParseOptions()

    /// Comments, trailing commas and a byte order mark allowed: for bodies the user edits.
    public static let lenient = JSONParseOptions(
        allowsComments: true, allowsTrailingCommas: true, allowsByteOrderMark: true)
}
