import FerryTerminal
import Testing

@testable import FerryApp

/// The layout of the panes and the formatting of sizes and durations, as they are drawn.
@Suite("Workbench layout")
struct WorkbenchLayoutTests {
    @Test func layoutAndFormattingAgreeWithWhatIsDrawn() {
        let layout = WorkbenchLayout(size: Size(width: 80, height: 24))
        #expect(layout.statusBar == Rect(x: 0, y: 23, width: 80, height: 1))
        #expect(layout.tree.x == 0 && layout.editor.x == layout.tree.right)
        #expect(layout.pane(at: Position(x: 1, y: 1)) == .tree)
        #expect(WorkbenchView.formatBytes(512) == "512 B")
        #expect(WorkbenchView.formatBytes(50 * 1024 * 1024) == "50.0 MB")
        #expect(WorkbenchView.formatDuration(.milliseconds(12)) == "12 ms")
        #expect(WorkbenchView.formatDuration(.milliseconds(1420)) == "1.42 s")
    }
}
