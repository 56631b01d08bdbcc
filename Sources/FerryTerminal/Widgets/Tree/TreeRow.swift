/// One visible row of a `TreeState`: where its node is and how to draw its indentation guides.
public struct TreeRow<ID: Hashable>: Hashable {
    /// The node's identifier.
    public var id: ID
    /// The child offsets from the roots down to the node.
    public var path: [Int]
    /// 0 for a root node.
    public var depth: Int { path.count - 1 }
    /// Whether the node has children (can expand).
    public var hasChildren: Bool
    /// Whether its children are shown.
    public var isExpanded: Bool
    /// Whether the node is the last of its siblings (drawn with `└`).
    public var isLastSibling: Bool
    /// For each ancestor level below the roots, whether a guide line continues past this row (`│`).
    public var guides: [Bool]
    /// The matched character offsets of the node's text when a filter is set.
    public var matchPositions: [Int]
    /// Whether the node itself matched the filter (in its text or its `filterKeywords`), rather than being
    /// shown only as the ancestor of a match.
    public var isMatch: Bool = false
}

extension TreeRow: Sendable where ID: Sendable {}
