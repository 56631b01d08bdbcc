import FerryTerminal

// MARK: - Layout

extension AppState {
    /// Where each pane sits now, for the terminal's size. The views draw into it and the reducers hit-test and
    /// page against it, so both always agree.
    var layout: WorkbenchLayout {
        WorkbenchLayout(size: size, hidesTree: isTreeHidden, maximized: maximizedPane)
    }
}
