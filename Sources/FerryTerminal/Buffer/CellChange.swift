/// One cell that differs from the previous frame and must be written to the terminal.
public struct CellChange: Hashable, Sendable {
    /// Where the cell goes.
    public var position: Position
    /// What to draw there; a wide character also covers the cell to its right.
    public var cell: Cell

    /// Creates a change writing `cell` at `position`.
    public init(position: Position, cell: Cell) {
        self.position = position
        self.cell = cell
    }
}
