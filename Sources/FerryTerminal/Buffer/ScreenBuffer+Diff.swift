extension ScreenBuffer {
    // MARK: - Diffing frames

    /// The cells that differ from `previous`, in row order: what must reach the terminal to turn the
    /// previous frame into this one.
    ///
    /// Continuation cells are never emitted: a changed continuation emits its wide character instead.
    /// When the sizes differ every cell is emitted.
    ///
    /// ```swift
    /// let changes = frame.changes(from: lastFrame)
    /// try backend.draw(changes)
    /// ```
    public func changes(from previous: ScreenBuffer) -> [CellChange] {
        var result: [CellChange] = []
        let width = size.width
        guard previous.size == size else {
            result.reserveCapacity(cells.count)
            for (index, cell) in cells.enumerated() where !cell.isContinuation {
                result.append(CellChange(position: Position(x: index % width, y: index / width), cell: cell))
            }
            return result
        }
        var lastEmitted = -1
        cells.withUnsafeBufferPointer { current in
            previous.cells.withUnsafeBufferPointer { old in
                for row in 0..<size.height {
                    let start = row * width
                    for index in start..<start + width where current[index] != old[index] {
                        var target = index
                        if current[index].isContinuation {
                            // The leading half lies on the same row (a continuation is never in column 0).
                            guard index % width > 0 else { continue }
                            target = index - 1
                        }
                        guard target != lastEmitted else { continue }
                        lastEmitted = target
                        result.append(
                            CellChange(position: Position(x: target % width, y: target / width), cell: current[target]))
                    }
                }
            }
        }
        return result
    }
}
