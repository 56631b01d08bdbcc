import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// Resizing the panes on the real loop: the tree's border dragged with the mouse, the editor's with Alt-J, the
/// sizes kept in `.ferry/state.json` beside the environment and back at the next start.
@Suite("Pane resize", .serialized)
final class PaneResizeAppTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9", "b": "http://b"])
    }

    @Test func aDraggedBorderAndAltJResizeThePanesAndTheNextStartKeepsThem() async throws {
        let app = try AppHarness(workspace: folder.url, width: 100, height: 31)
        defer { app.stop() }
        try await app.settle()
        let edge = app.state.layout.tree.x + app.state.layout.tree.width - 1
        #expect(edge == 29, "30% of 100 columns")
        // Press on the tree's right border, release at column 49: the tree is 50 columns wide.
        try await app.press(
            .mouse(MouseEvent(.press(.left), at: Position(x: edge, y: 10))),
            .mouse(MouseEvent(.release(.left), at: Position(x: 49, y: 12))))
        try await app.waitFor("the wider tree") { app.state.layout.tree.width == 50 }
        let editorHeight = app.state.layout.editor.height
        try await app.press(.key(KeyEvent(.character("j"), modifiers: .alt)))
        #expect(app.state.layout.editor.height > editorHeight, "\(app.screen)")
        #expect(app.state.panes.sizes == PaneSizes(treePercent: 50, editorPercent: 45))
        // The environment chosen after is kept beside them, not over them.
        let first = app.state.environment
        try await app.press(.key(KeyEvent.control("e")))
        let chosen = try #require(app.state.environment)
        #expect(chosen != first)
        try await app.quit()
        let file = WorkspaceStateFile.read(from: folder.url.appendingPathComponent(".ferry"))
        #expect(file.paneSizes == PaneSizes(treePercent: 50, editorPercent: 45))
        #expect(file.environment == chosen)

        let again = try AppHarness(workspace: folder.url, width: 100, height: 31)
        defer { again.stop() }
        try await again.settle()
        #expect(again.state.layout.tree.width == 50)
        #expect(again.state.panes.sizes == PaneSizes(treePercent: 50, editorPercent: 45))
        try await again.quit()
    }
}
