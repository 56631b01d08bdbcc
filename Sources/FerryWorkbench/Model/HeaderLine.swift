/// A line in a request's header section: a header field, or a comment between headers.
public enum HeaderLine: Sendable, Hashable {
    /// A `Name: value` header field; name and value are trimmed.
    case field(name: String, value: String)
    /// A `#` or `//` comment line, as written.
    case comment(String)
}
