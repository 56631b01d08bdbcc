/// The model of a JSON tree view: which containers are collapsed, and which nodes are the visible rows.
///
/// Rows are the nodes whose ancestors are all expanded, in document order. Looking a row up is O(log n)
/// and reading `count` rows from there is O(count), whatever was expanded or collapsed before, so a
/// 50 MB body with millions of nodes scrolls without walking the tree. Expanding or collapsing costs
/// O(rows revealed or hidden × log n), capped at one O(n) rebuild. The model is a `Sendable` value: build it
/// off the UI loop (parsing included) and hand it over whole.
///
/// ```swift
/// let document = try JSONDocument(parsing: body)        // off the UI loop
/// var tree = JSONTree(document: document, expandedDepth: 1)
/// let page = tree.rows(0..<min(40, tree.visibleRowCount))
/// tree.toggle(page[1].node)                            // expand the first member
/// print(tree.document.path(of: page[1].node))          // .items
/// ```
public struct JSONTree: Sendable {
    /// The document shown.
    public let document: JSONDocument
    /// One bit per node: set when the container is collapsed.
    private var collapsedBits: [UInt64]
    /// One unit per visible node.
    private var visible: FenwickTree
    /// The number of visible rows.
    public private(set) var visibleRowCount: Int

    /// The longest ``JSONTreeRow/preview``, in bytes.
    public static let previewLength = 120

    // MARK: - Building

    /// A tree over `document` with containers at depth `expandedDepth` and deeper collapsed
    /// (`0` collapses the root, `1` shows the root's children; the default expands everything).
    public init(document: JSONDocument, expandedDepth: Int = .max) {
        self.document = document
        let count = document.nodeCount
        var bits = [UInt64](repeating: 0, count: (count + 63) / 64)
        if expandedDepth < Int(UInt16.max) {
            document.nodes.withUnsafeBufferPointer { nodes in
                for index in 0..<count where nodes[index].depth >= expandedDepth && nodes[index].subtreeCount > 1 {
                    bits[index >> 6] |= 1 << UInt64(index & 63)
                }
            }
        }
        collapsedBits = bits
        visible = FenwickTree(units: [0])
        visibleRowCount = 0
        rebuild()
    }

    // MARK: - Rows

    /// The node shown on `row` (0-based, less than ``visibleRowCount``); O(log n).
    public func node(atRow row: Int) -> Int {
        precondition(row >= 0 && row < visibleRowCount, "row \(row) out of 0..<\(visibleRowCount)")
        return visible.position(ofRank: row)
    }

    /// The row showing `node`, or `nil` when an ancestor is collapsed; O(depth + log n).
    public func row(of node: Int) -> Int? {
        isVisible(node) ? visible.prefixSum(upTo: node) : nil
    }

    /// The rows in `range` (clamped to the visible rows); O(log n + rows).
    public func rows(_ range: Range<Int>) -> [JSONTreeRow] {
        let lower = max(0, range.lowerBound)
        let upper = min(visibleRowCount, range.upperBound)
        guard lower < upper else { return [] }
        var rows: [JSONTreeRow] = []
        rows.reserveCapacity(upper - lower)
        var node = node(atRow: lower)
        for _ in lower..<upper {
            rows.append(makeRow(node))
            node = nextVisible(after: node)
        }
        return rows
    }

    /// The row description of `node`, visible or not.
    public func makeRow(_ node: Int) -> JSONTreeRow {
        let kind = document.kind(of: node)
        var preview = ""
        if !kind.isContainer {
            let range = document.byteRange(of: node)
            var end = min(range.upperBound, range.lowerBound + Self.previewLength)
            document.bytes.withUnsafeBufferPointer { bytes in
                while end < range.upperBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }
                preview = String(decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self)
            }
        }
        return JSONTreeRow(
            node: node, depth: document.depth(of: node), kind: kind, key: document.key(of: node),
            index: document.index(of: node), childCount: document.childCount(of: node),
            byteSize: document.byteSize(of: node), isCollapsed: isCollapsed(node), preview: preview)
    }

    // MARK: - Collapsing

    /// Whether `node` is a collapsed container.
    public func isCollapsed(_ node: Int) -> Bool {
        collapsedBits[node >> 6] & (1 << UInt64(node & 63)) != 0
    }

    /// Whether every ancestor of `node` is expanded; O(depth).
    public func isVisible(_ node: Int) -> Bool {
        var current = node
        while let parent = document.parent(of: current) {
            if isCollapsed(parent) { return false }
            current = parent
        }
        return true
    }

    /// Collapses or expands `node`; containers without children and scalars stay as they are.
    public mutating func setCollapsed(_ collapsed: Bool, _ node: Int) {
        guard document.childCount(of: node) > 0, collapsed != isCollapsed(node) else { return }
        let end = node + document.subtreeCount(of: node)
        let shown = isVisible(node)
        if collapsed {
            let hidden = shown ? visible.prefixSum(upTo: end) - visible.prefixSum(upTo: node + 1) : 0
            let changed = updateCheaply(hidden)
            collapsedBits[node >> 6] |= 1 << UInt64(node & 63)
            guard shown else { return }
            if !changed { return rebuild() }
            walkVisible(from: node + 1, to: end) { visible.add(-1, at: $0) }
            visibleRowCount -= hidden
        } else {
            collapsedBits[node >> 6] &= ~(1 << UInt64(node & 63))
            guard shown else { return }
            var revealed = 0
            let limit = rebuildThreshold
            walkVisible(from: node + 1, to: end) { _ in revealed += 1 }
            guard revealed <= limit else { return rebuild() }
            walkVisible(from: node + 1, to: end) { visible.add(1, at: $0) }
            visibleRowCount += revealed
        }
    }

    /// Expands a collapsed container or collapses an expanded one.
    public mutating func toggle(_ node: Int) { setCollapsed(!isCollapsed(node), node) }

    /// Expands every container.
    public mutating func expandAll() {
        collapsedBits = [UInt64](repeating: 0, count: collapsedBits.count)
        rebuild()
    }

    // MARK: - Internals

    /// Above this many changed rows, one O(n) rebuild beats point updates.
    private var rebuildThreshold: Int {
        max(64, document.nodeCount / max(1, Int.bitWidth - document.nodeCount.leadingZeroBitCount))
    }

    private func updateCheaply(_ changedRows: Int) -> Bool { changedRows <= rebuildThreshold }

    /// The visible node after visible `node` in document order (may be past the end).
    @inline(__always)
    private func nextVisible(after node: Int) -> Int {
        isCollapsed(node) ? node + document.subtreeCount(of: node) : node + 1
    }

    /// Calls `body` for each node in `start..<end` whose ancestors from `start`'s parent down are expanded.
    private func walkVisible(from start: Int, to end: Int, _ body: (Int) -> Void) {
        var node = start
        while node < end {
            body(node)
            node = nextVisible(after: node)
        }
    }

    /// Recomputes which nodes are visible and the prefix sums, in O(n).
    private mutating func rebuild() {
        let count = document.nodeCount
        visible = FenwickTree(units: [0])  // frees the old sums before the new ones are built
        var units = [Int32](repeating: 0, count: count + 1)
        var rows = 0
        walkVisible(from: 0, to: count) { node in
            units[node + 1] = 1
            rows += 1
        }
        visible = FenwickTree(units: consume units)
        visibleRowCount = rows
    }
}

extension JSONTree: Equatable {
    /// Two trees are equal when they show the same document (byte for byte) with the same containers collapsed.
    public static func == (lhs: JSONTree, rhs: JSONTree) -> Bool {
        lhs.collapsedBits == rhs.collapsedBits && lhs.document.bytes == rhs.document.bytes
    }
}
