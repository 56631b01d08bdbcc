import FerryTerminal

// MARK: - Layout

extension AppState {
    /// Where each pane sits now: the terminal's size, with the status bar as tall as the message needs.
    /// The views draw into it and the reducers hit-test and page against it, so both always agree.
    var layout: WorkbenchLayout {
        WorkbenchLayout(
            size: size, statusRows: StatusBarView.rowCount(for: self, width: size.width), hidesTree: isTreeHidden,
            maximized: maximizedPane)
    }
}
