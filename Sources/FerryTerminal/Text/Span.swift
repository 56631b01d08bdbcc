/// A run of text in one style: the smallest piece of styled text.
public struct Span: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text; may hold anything, it is made safe when drawn.
    public var content: String
    /// The style laid over the line's style.
    public var style: Style

    /// Creates a span of `content` in `style`.
    public init(_ content: String, style: Style = .plain) {
        self.content = content
        self.style = style
    }

    /// Creates an unstyled span from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The columns the span takes once drawn (escapes included).
    public var width: Int { CharacterWidth.columns(of: SafeText.sanitized(content)) }
}
