import FerryJSON
import FerryTerminal
import FerryWorkbench

// MARK: - Moving around: panes, rows, tabs, the mouse

extension AppReducer {
    // MARK: - Internals

    /// The number of rows the body view has in a pane `width` columns wide.
    static func bodyRowCount(_ body: ResponseBody, width: Int) -> Int {
        switch body {
        case .json(let tree): tree.visibleRowCount
        case .text(let text): text.lineCount
        case .binary(let hex): hex.rowCount(width: width)
        case .parsing, .empty: 0
        }
    }

    /// A cursor moved within `0..<count`.
    static func step(_ cursor: Int, _ move: CursorMove, count: Int, page: Int) -> Int {
        guard count > 0 else { return 0 }
        let next: Int
        switch move {
        case .up: next = cursor - 1
        case .down: next = cursor + 1
        case .pageUp: next = cursor - max(1, page - 1)
        case .pageDown: next = cursor + max(1, page - 1)
        case .home: next = 0
        case .end: next = count - 1
        case .left, .right: next = cursor
        }
        return min(max(0, next), count - 1)
    }

    /// The scroll that keeps `cursor` on a page of `page` rows.
    static func scrolled(_ scroll: Int, cursor: Int, page: Int) -> Int {
        guard page > 0 else { return 0 }
        if cursor < scroll { return cursor }
        if cursor >= scroll + page { return cursor - page + 1 }
        return max(0, scroll)
    }
}

extension CursorMove {
    /// The key the tree widget reads for this move.
    var treeKey: Key {
        switch self {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .home: .home
        case .end: .end
        }
    }
}
