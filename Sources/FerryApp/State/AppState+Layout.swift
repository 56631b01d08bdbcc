import FerryTerminal

// MARK: - Layout

extension AppState {
    /// Where each pane sits now, for the terminal's size. The views draw into it and the reducers hit-test and
    /// page against it, so both always agree.
    var layout: WorkbenchLayout {
        panes.layout
    }

    /// How many rows the tree's pane shows now (the tree widget pages and scrolls by it).
    var treeRowsHeight: Int { tree.rowsArea(in: layout.treeList).height }
}
