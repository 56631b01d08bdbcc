/// A row a `ListView`, `TreeView` or `PickerDialog` can show: plain text for filtering, and how to draw it.
///
/// ```swift
/// struct RequestRow: ListRow {
///     var method: String
///     var name: String
///     var text: String { method + " " + name }
///     var spans: [Span] { [Span(method, style: Style(fg: .green)), Span(" " + name)] }
/// }
/// ```
public protocol ListRow {
    /// The row's plain text: what filters match and, unless `spans` says otherwise, what is drawn.
    var text: String { get }
    /// The style of the whole row (under its spans).
    var style: Style { get }
    /// The row drawn as styled spans; their contents joined must equal `text` (match highlights use offsets into it).
    var spans: [Span] { get }
    /// More text a filter matches when `text` does not (nothing is highlighted then), such as a request's URL.
    var filterKeywords: String { get }
}

extension ListRow {
    /// No style of its own.
    public var style: Style { .plain }
    /// One span of `text`.
    public var spans: [Span] { [Span(text)] }
    /// No extra text to match.
    public var filterKeywords: String { "" }
}

/// A ready-made list row: text in a style.
///
/// ```swift
/// var state = ListState(items: ["GET users", "POST login"].map { ListItem($0) })
/// ```
public struct ListItem: ListRow, Hashable, Sendable {
    /// The row's text.
    public var text: String
    /// The row's style.
    public var style: Style

    /// Creates a row of `text` in `style`.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

extension ListItem: ExpressibleByStringLiteral {
    /// Creates an unstyled row from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}
