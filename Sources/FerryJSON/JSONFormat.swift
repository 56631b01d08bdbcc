/// How ``JSONValue/formatted(_:)`` lays out text.
///
/// Both styles are stable: the same value always prints the same bytes. Members keep their order,
/// numbers their spelling; strings escape only `"`, `\` and control characters (as `\n`, `\t`, … or `\u00XX`).
public enum JSONFormat: Sendable, Hashable {
    /// No whitespace at all: `{"a":[1,2]}`.
    case compact
    /// One value per line, nested values indented by `indent` spaces, `": "` after keys; empty containers
    /// stay `[]` and `{}`.
    case pretty(indent: Int)
}
