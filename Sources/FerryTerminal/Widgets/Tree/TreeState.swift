/// The state of a `TreeView`: the nodes, which are expanded, the selection, the scroll position and the filter.
///
/// Keys: Up/Down, `k`/`j`, PgUp/PgDn, Home/End move; Enter toggles a node with children; Right (`l`) expands
/// or steps into the first child; Left (`h`) collapses or steps to the parent; `/` filters (matching nodes and
/// their ancestors stay, expanded). A click selects; a click on `▸`/`▾` toggles; the wheel scrolls.
/// Enter on a leaf is not used, so the app can open it.
///
/// ```swift
/// var tree = TreeState(roots: workspaceNodes)
/// if tree.handle(event, area: pane) { return }
/// TreeView(state: tree).render(into: &buffer, area: pane)
/// ```
public struct TreeState<ID: Hashable, Row: ListRow>: ScrollableSelection {
    // MARK: - Stored state

    /// The root nodes; setting them keeps expansion and the selection (by identifier).
    public var roots: [TreeItem<ID, Row>] {
        didSet { rebuild() }
    }
    /// The identifiers of expanded nodes.
    public private(set) var expanded: Set<ID>
    /// How the filter matches node text.
    public var filterMode: TextFilter
    /// Whether typed characters go to the filter.
    public var isFiltering: Bool
    /// Whether `j`, `k`, `h`, `l`, `g` and `G` navigate when not filtering.
    public var usesVimKeys: Bool
    /// What the user typed to filter by.
    public private(set) var filter: String
    /// The visible rows, top to bottom.
    public private(set) var rows: [TreeRow<ID>]
    /// The selected row.
    public internal(set) var selectedRow: Int?
    /// The first row in view.
    public internal(set) var offset: Int
    /// The height of the rows area last seen by `handle(_:area:)`.
    public var viewportHeight: Int

    // MARK: - Creating

    /// Creates a tree with the nodes in `expanded` open and the first row selected.
    public init(
        roots: [TreeItem<ID, Row>] = [], expanded: Set<ID> = [], filterMode: TextFilter = .fuzzy,
        usesVimKeys: Bool = true
    ) {
        self.roots = roots
        self.expanded = expanded
        self.filterMode = filterMode
        self.isFiltering = false
        self.usesVimKeys = usesVimKeys
        self.filter = ""
        self.rows = []
        self.selectedRow = nil
        self.offset = 0
        self.viewportHeight = 0
        rebuild()
    }

    // MARK: - Reading

    /// The identifier of the selected node.
    public var selectedID: ID? { selectedRow.map { rows[$0].id } }

    /// The selected node.
    public var selectedItem: TreeItem<ID, Row>? { selectedRow.map { item(at: rows[$0].path) } }

    /// The node at a path of child offsets.
    public func item(at path: [Int]) -> TreeItem<ID, Row> {
        var node = roots[path[0]]
        for index in path.dropFirst() { node = node.children[index] }
        return node
    }

    /// Whether the filter line shows under the rows.
    public var showsFilterLine: Bool { isFiltering || !filter.isEmpty }

    /// The rows area inside `area` (the filter line, when shown, takes the bottom row).
    public func rowsArea(in area: Rect) -> Rect {
        showsFilterLine ? area.rows(area.y, count: area.height - 1) : area
    }

    /// The first row to draw in a rows area of `height`, keeping the selection in view.
    public func visibleOffset(height: Int) -> Int {
        offsetKeepingSelection(height: height)
    }

    // MARK: - Changing

    /// Selects `row` (clamped), scrolling it into view.
    public mutating func select(row: Int?) {
        selectClamped(row: row)
    }

    /// Selects the node `id`, expanding its ancestors so it shows.
    public mutating func select(id: ID) {
        if let path = Self.path(to: id, in: roots) {
            var node = roots[path[0]]
            for index in path.dropFirst() {
                expanded.insert(node.id)
                node = node.children[index]
            }
            rebuild()
        }
        if let row = rows.firstIndex(where: { $0.id == id }) { select(row: row) }
    }

    /// Expands (`true`) or collapses (`false`) node `id`.
    public mutating func setExpanded(_ isExpanded: Bool, id: ID) {
        let selected = selectedID
        if isExpanded { expanded.insert(id) } else { expanded.remove(id) }
        rebuild(keeping: selected, collapsed: isExpanded ? nil : id)
    }

    /// Expands (`true`) or collapses (`false`) every node in `ids` at once (one rebuild).
    public mutating func setExpanded(_ isExpanded: Bool, ids: some Sequence<ID>) {
        let selected = selectedID
        if isExpanded { expanded.formUnion(ids) } else { expanded.subtract(ids) }
        rebuild(keeping: selected)
        if !isExpanded, let selected, !rows.contains(where: { $0.id == selected }),
            let path = Self.path(to: selected, in: roots)
        {
            // The selection was hidden: select its nearest shown ancestor.
            for depth in stride(from: path.count - 1, to: 0, by: -1) {
                let ancestor = item(at: Array(path.prefix(depth))).id
                if let row = rows.firstIndex(where: { $0.id == ancestor }) {
                    select(row: row)
                    break
                }
            }
        }
    }

    /// Flips whether the node at `row` is expanded; returns `false` when it has no children.
    @discardableResult
    public mutating func toggle(row: Int) -> Bool {
        guard row < rows.count, rows[row].hasChildren, filter.isEmpty else { return false }
        setExpanded(!rows[row].isExpanded, id: rows[row].id)
        return true
    }

    /// Sets the filter text; matching nodes show with their ancestors, and the first match is selected.
    public mutating func setFilter(_ text: String) {
        filter = text
        rebuild()
        if !text.isEmpty, let first = rows.firstIndex(where: \.isMatch) { select(row: first) }
    }

    // MARK: - Events

    /// Applies `event` to the tree drawn in `area` (the area given to `TreeView.render`); returns whether it was used.
    public mutating func handle(_ event: InputEvent, area: Rect) -> Bool {
        handleInput(event, area: area)
    }

    /// Applies a key press using the last known viewport height; returns whether it was used.
    public mutating func handle(_ key: KeyEvent) -> Bool {
        if handleFilterKey(key) { return true }
        let vim = usesVimKeys && !isFiltering
        if key.modifiers.isEmpty, let selectedRow {
            switch key.key {
            case .enter:
                return toggle(row: selectedRow)
            case .right:
                return stepIn(from: selectedRow)
            case .character("l") where vim:
                return stepIn(from: selectedRow)
            case .left:
                return stepOut(from: selectedRow)
            case .character("h") where vim:
                return stepOut(from: selectedRow)
            default:
                break
            }
        }
        return handleNavigationKey(key, vimKeys: vim)
    }

    /// Applies a mouse event over the rows area `area`; a click on `▸`/`▾` also toggles the node.
    mutating func handle(_ mouse: MouseEvent, rows area: Rect) -> Bool {
        handleRowsMouse(mouse, rows: area) { tree, row in
            let toggleColumn = area.x + TreeView<ID, Row>.disclosureColumn(of: tree.rows[row])
            if tree.rows[row].hasChildren && (toggleColumn...toggleColumn + 1).contains(mouse.position.x) {
                tree.toggle(row: row)
            }
        }
    }

    // MARK: - Internals

    /// How many rows are shown.
    var rowCount: Int { rows.count }

    /// Right: expand a collapsed node, or step into the first child of an expanded one.
    mutating func stepIn(from row: Int) -> Bool {
        let current = rows[row]
        guard current.hasChildren else { return false }
        if !current.isExpanded { return toggle(row: row) }
        select(row: row + 1)
        return true
    }

    /// Left: collapse an expanded node, or step to the parent.
    mutating func stepOut(from row: Int) -> Bool {
        let current = rows[row]
        if current.hasChildren && current.isExpanded && filter.isEmpty { return toggle(row: row) }
        guard current.depth > 0 else { return false }
        let parentPath = Array(current.path.dropLast())
        if let parent = rows[..<row].lastIndex(where: { $0.path == parentPath }) { select(row: parent) }
        return true
    }

    /// Clears the filter (Esc) and shows the node that was selected, expanding its ancestors.
    mutating func clearFilter() {
        let selected = selectedID
        filter = ""
        rebuild()
        if let selected { select(id: selected) }
    }

    /// Rebuilds `rows`, keeping the selected node; when `collapsed` hid it, its collapsed ancestor is selected.
    mutating func rebuild(keeping keep: ID? = nil, collapsed: ID? = nil) {
        let previousID = keep ?? (selectedRow.flatMap { $0 < rows.count ? rows[$0].id : nil })
        let previousRow = selectedRow
        var built: [TreeRow<ID>] = []
        for (index, root) in roots.enumerated() {
            _ = append(root, path: [index], isLast: index == roots.count - 1, guides: [], into: &built)
        }
        rows = built
        if rows.isEmpty {
            selectedRow = nil
        } else if let previousID, let row = rows.firstIndex(where: { $0.id == previousID }) {
            selectedRow = row
        } else if let collapsed, let row = rows.firstIndex(where: { $0.id == collapsed }) {
            selectedRow = row
        } else {
            selectedRow = min(previousRow ?? 0, rows.count - 1)
        }
        offset = visibleOffset(height: viewportHeight)
    }

    /// Appends `node` and its visible descendants; returns whether anything was appended (filtering drops
    /// subtrees with no match). A node that matches shows everything under it (`insideMatch` for its
    /// descendants): a filter naming a file lists its requests.
    mutating func append(
        _ node: TreeItem<ID, Row>, path: [Int], isLast: Bool, guides: [Bool], insideMatch: Bool = false,
        into built: inout [TreeRow<ID>]
    ) -> Bool {
        let filtering = !filter.isEmpty
        let match = filtering ? filterMode.match(filter, in: node.row) : nil
        let shownWhole = insideMatch || match != nil
        let isExpanded = filtering || expanded.contains(node.id)
        let start = built.count
        built.append(
            TreeRow(
                id: node.id, path: path, hasChildren: !node.children.isEmpty,
                isExpanded: isExpanded && !node.children.isEmpty,
                isLastSibling: isLast, guides: guides, matchPositions: match?.positions ?? [], isMatch: match != nil))
        var anyChild = false
        if isExpanded {
            let childGuides = path.count > 1 ? guides + [!isLast] : guides
            var kept: [Int] = []
            for (index, child) in node.children.enumerated() {
                let mark = built.count
                let isLastChild = !filtering && index == node.children.count - 1
                if append(
                    child, path: path + [index], isLast: isLastChild, guides: childGuides, insideMatch: shownWhole,
                    into: &built)
                {
                    kept.append(mark)
                    anyChild = true
                }
            }
            // The last child shown (after filtering) is the one drawn with `└`.
            if let last = kept.last { built[last].isLastSibling = true }
            if filtering, let lastKept = kept.last {
                Self.closeGuides(after: lastKept, level: childGuides.count, in: &built)
            }
        }
        if filtering && !shownWhole && !anyChild {
            built.removeSubrange(start...)
            return false
        }
        return true
    }

    /// After filtering decided which child is last, its descendants must not draw a guide for its level.
    static func closeGuides(after row: Int, level: Int, in built: inout [TreeRow<ID>]) {
        var index = row + 1
        while index < built.count {
            if level < built[index].guides.count { built[index].guides[level] = false }
            index += 1
        }
    }

    /// The child offsets leading to `id`, or `nil`.
    static func path(to id: ID, in nodes: [TreeItem<ID, Row>]) -> [Int]? {
        for (index, node) in nodes.enumerated() {
            if node.id == id { return [index] }
            if let rest = path(to: id, in: node.children) { return [index] + rest }
        }
        return nil
    }
}

extension TreeState: Equatable where Row: Equatable {}
extension TreeState: Sendable where ID: Sendable, Row: Sendable {}
