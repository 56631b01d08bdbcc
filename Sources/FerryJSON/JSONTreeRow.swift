/// One visible row of a ``JSONTree``: what a tree view draws for a node.
public struct JSONTreeRow: Sendable, Hashable {
    /// The node's index in the document.
    public var node: Int
    /// The nesting depth: `0` for the root.
    public var depth: Int
    /// The kind of value.
    public var kind: JSONNodeKind
    /// The member's key, when the parent is an object.
    public var key: String?
    /// The element's index, when the parent is an array.
    public var index: Int?
    /// The number of children; `0` for scalars.
    public var childCount: Int
    /// The size of the value's text in bytes.
    public var byteSize: Int
    /// Whether the node is a collapsed container.
    public var isCollapsed: Bool
    /// The start of a scalar's source text (a string keeps its quotes and escapes), cut at a scalar
    /// boundary to at most ``JSONTree/previewLength`` bytes; empty for containers.
    public var preview: String
}
