import FerryTerminal
import Foundation

/// The whole screen: the three panes, the status bar and any dialog on top. It only reads the state.
struct WorkbenchView {
    /// The state to draw.
    let state: AppState

    /// Draws the state into `frame`.
    func render(into frame: inout Frame) {
        let layout = WorkbenchLayout(
            size: frame.buffer.size, statusRows: StatusBarView.rowCount(for: state, width: frame.buffer.size.width))
        let theme = state.theme
        frame.buffer.fill(frame.area, with: .blank(theme[.background]))
        CollectionTreeView(state: state).render(into: &frame.buffer, area: layout.tree)
        frame.cursor = RequestEditorView(state: state).render(into: &frame.buffer, layout: layout)
        ResponseView(state: state).render(into: &frame.buffer, layout: layout)
        StatusBarView(state: state).render(into: &frame.buffer, area: layout.statusBar)
        if state.overlay != nil {
            frame.cursor = OverlayView(state: state).render(into: &frame.buffer, area: frame.area)
        }
        if state.focus != .editor && state.overlay == nil { frame.cursor = nil }
    }

    /// A pane's frame in the theme's colours.
    static func pane(_ title: Line, focused: Bool, theme: Theme) -> Block {
        Block(
            title: title, borderStyle: theme[.border], focusedBorderStyle: theme[.focusedBorder],
            isFocused: focused)
    }

    /// Draws a tab bar: the active tab highlighted; positions match `WorkbenchLayout.tabRanges`.
    static func renderTabs(_ titles: [String], active: Int, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        var spans: [Span] = []
        for (index, title) in titles.enumerated() {
            if index > 0 { spans.append(Span(" ")) }
            spans.append(Span(" \(title) ", style: index == active ? theme[.selection].adding(.bold) : theme[.muted]))
        }
        Line(spans).render(into: &buffer, area: area)
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

    /// A duration for people: `850 µs`, `12 ms`, `1.42 s`.
    static func formatDuration(_ duration: Duration) -> String {
        let micros = Double(duration.components.seconds) * 1_000_000 + Double(duration.components.attoseconds) / 1e12
        if micros < 1000 { return String(format: "%.0f µs", micros) }
        if micros < 1_000_000 { return String(format: "%.0f ms", micros / 1000) }
        return String(format: "%.2f s", micros / 1_000_000)
    }
}
