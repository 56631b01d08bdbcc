/// Where the parts of a key-value table go in an area; shared by drawing and mouse hit-testing.
public struct KeyValueTableLayout: Hashable, Sendable {
    /// The columns of the enable toggle (`[x] `).
    public static let toggleWidth = 4

    /// The header row.
    public var header: Rect
    /// The rows below the header.
    public var rows: Rect
    /// The toggle column's left edge and width.
    public var toggleColumn: (x: Int, width: Int) { (rows.x, Self.toggleWidth) }
    /// The name column's left edge and width.
    public var nameColumn: (x: Int, width: Int)
    /// The value column's left edge and width.
    public var valueColumn: (x: Int, width: Int)

    /// The layout of a table drawn in `area`: two fifths of the room for names, the rest for values.
    public init(area: Rect) {
        header = area.rows(area.y, count: 1)
        rows = area.rows(area.y + 1, count: area.height - 1)
        let room = max(0, area.width - Self.toggleWidth - 1)
        let nameWidth = max(1, room * 2 / 5)
        nameColumn = (area.x + Self.toggleWidth, nameWidth)
        valueColumn = (area.x + Self.toggleWidth + nameWidth + 1, max(0, room - nameWidth))
    }

    /// The cell of `column` on screen row `y`.
    public func cell(_ column: KeyValueColumn, y: Int) -> Rect {
        let (x, width) = column == .name ? nameColumn : valueColumn
        return Rect(x: x, y: y, width: width, height: 1).intersection(rows)
    }

    /// Compares the areas.
    public static func == (lhs: KeyValueTableLayout, rhs: KeyValueTableLayout) -> Bool {
        lhs.header == rhs.header && lhs.rows == rhs.rows && lhs.nameColumn == rhs.nameColumn
            && lhs.valueColumn == rhs.valueColumn
    }

    /// Hashes the areas.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(header)
        hasher.combine(rows)
        hasher.combine(nameColumn.x)
        hasher.combine(nameColumn.width)
        hasher.combine(valueColumn.x)
        hasher.combine(valueColumn.width)
    }
}
