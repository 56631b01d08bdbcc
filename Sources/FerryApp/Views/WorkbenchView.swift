import FerryTerminal
import Foundation

/// The whole screen: the three panes, the status bar and any dialog on top. It only reads the state.
struct WorkbenchView: CursorWidget {
    /// The state to draw.
    let state: AppState

    /// Where the panes sit on a screen `area`.
    private func layout(in area: Rect) -> WorkbenchLayout {
        WorkbenchLayout(size: area.size, hidesTree: state.panes.isTreeHidden, maximized: state.panes.maximizedPane)
    }

    /// Draws the state into the screen `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let layout = layout(in: area)
        // A hidden tree or a pane under a maximized one is not drawn at all.
        if layout.shows(.tree) { CollectionTreeView(state: state).render(into: &buffer, area: layout.tree) }
        if layout.shows(.editor) { RequestEditorView(state: state).render(into: &buffer, area: layout.editor) }
        if layout.shows(.response) { ResponseView(state: state).render(into: &buffer, area: layout.response) }
        StatusBarView(state: state).render(into: &buffer, area: layout.statusBar)
        OverlayView(state: state).render(into: &buffer, area: area)
        // The theme's background and text colour wherever a widget left the terminal's defaults.
        buffer.setBaseStyle(state.theme[.background], in: area)
    }

    /// Where the text cursor goes: in the dialog on top, else in the editor while it has the keyboard.
    func cursorPosition(in area: Rect) -> Position? {
        if state.overlay != nil { return OverlayView(state: state).cursorPosition(in: area) }
        let layout = layout(in: area)
        guard layout.shows(.editor) else { return nil }
        return RequestEditorView(state: state).cursorPosition(in: layout.editor)
    }

    /// A pane's frame in the theme's colours.
    static func pane(_ title: Line, focused: Bool, theme: Theme) -> Block {
        Block(
            title: title, borderStyle: theme[.border], focusedBorderStyle: theme[.focusedBorder],
            isFocused: focused)
    }

    /// A byte count for people: `512 B`, `1.2 KB`, `48.0 MB`.
    static func formatBytes(_ count: Int) -> String {
        if count < 1024 { return "\(count) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }

    /// A time waited, to a tenth of a second: `2.3 s`.
    static func formatWait(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.1f s", seconds)
    }

    /// A duration for people: `850 µs`, `12 ms`, `1.42 s`.
    static func formatDuration(_ duration: Duration) -> String {
        let micros = Double(duration.components.seconds) * 1_000_000 + Double(duration.components.attoseconds) / 1e12
        if micros < 1000 { return String(format: "%.0f µs", micros) }
        if micros < 1_000_000 { return String(format: "%.0f ms", micros / 1000) }
        return String(format: "%.2f s", micros / 1_000_000)
    }
}
