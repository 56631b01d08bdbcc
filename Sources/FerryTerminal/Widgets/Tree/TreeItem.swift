/// A node of a `TreeState`: a row, a stable identifier and children.
///
/// ```swift
/// let root = TreeItem(id: "api", row: ListItem("api"), children: [
///     TreeItem(id: "api/users", row: ListItem("GET users")),
/// ])
/// ```
public struct TreeItem<ID: Hashable, Row: ListRow> {
    /// Identifies the node across rebuilds (a path, a request id); unique within the tree.
    public var id: ID
    /// What the node shows.
    public var row: Row
    /// The child nodes, in order; a node with children can expand and collapse.
    public var children: [TreeItem]

    /// Creates a node.
    public init(id: ID, row: Row, children: [TreeItem] = []) {
        self.id = id
        self.row = row
        self.children = children
    }
}

extension TreeItem: Equatable where Row: Equatable {}
extension TreeItem: Sendable where ID: Sendable, Row: Sendable {}
