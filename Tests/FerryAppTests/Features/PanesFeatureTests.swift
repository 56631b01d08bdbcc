import FerryTerminal
import Testing

@testable import FerryApp

/// The panes on their own: focus, hiding the tree, maximizing and resizing change only the panes' state; the
/// rest (the editor's field, the tree's page, the response's scroll) is asked of the root.
struct PanesFeatureTests {
    let context = PanesFeature.Context(keyMap: AppKeyMap.defaults)

    @Test func theFocusSkipsAHiddenTreeAndLeavesTheEditorsField() {
        var panes = PanesFeature.State(size: Size(width: 120, height: 40))
        let hidden = PanesFeature.reduce(.treeToggled, &panes, context)
        #expect(panes.isTreeHidden && panes.focus == .editor, "the keyboard leaves the hidden tree")
        #expect(hidden.requests.contains(.panesResized))
        for _ in 0..<4 {
            let moved = PanesFeature.reduce(.focusMoved(1), &panes, context)
            #expect(panes.focus != .tree)
            #expect(moved.requests == [.closeEditorField])
        }
    }

    @Test func aMaximizedPaneKeepsTheKeyboardAndGivesItBack() {
        var panes = PanesFeature.State(size: Size(width: 120, height: 40))
        panes.focus = .response
        _ = PanesFeature.reduce(.maximizeToggled, &panes, context)
        #expect(panes.maximizedPane == .response)
        _ = PanesFeature.reduce(.focusMoved(1), &panes, context)
        #expect(panes.focus == .response, "only the maximized pane is on screen")
        let back = PanesFeature.reduce(.maximizeToggled, &panes, context)
        #expect(panes.maximizedPane == nil)
        #expect(back.requests == [.report(.info("All panes shown.")), .panesResized])
    }

    @Test func aResizeChangesTheLayoutAndAsksTheOthersToFollow() {
        var panes = PanesFeature.State(size: Size(width: 120, height: 40))
        let resized = PanesFeature.reduce(.resized(Size(width: 80, height: 24)), &panes, context)
        #expect(panes.layout == WorkbenchLayout(size: Size(width: 80, height: 24)))
        #expect(resized.requests == [.panesResized])
    }

    @Test func keysMoveTheBordersWithinTheirBoundsAndTheSizesAreRemembered() {
        var panes = PanesFeature.State(size: Size(width: 100, height: 40))
        let before = panes.layout
        let wider = PanesFeature.reduce(.treeWidened(1), &panes, context)
        #expect(panes.sizes == PaneSizes(treePercent: 35, editorPercent: 40))
        #expect(panes.layout.tree.width > before.tree.width && panes.layout.editor.width < before.editor.width)
        guard case .rememberPaneSizes(let kept)? = wider.effects.first else {
            Issue.record("the sizes are not remembered: \(wider.effects)")
            return
        }
        #expect(kept == panes.sizes)
        #expect(wider.requests.last == .panesResized)
        _ = PanesFeature.reduce(.editorGrown(1), &panes, context)
        #expect(panes.layout.editor.height > before.editor.height)
        #expect(panes.layout.response.height < before.response.height)
        for _ in 0..<20 { _ = PanesFeature.reduce(.treeWidened(1), &panes, context) }
        #expect(panes.sizes.treePercent == 70)
        let stuck = PanesFeature.reduce(.treeWidened(1), &panes, context)
        #expect(
            stuck.effects.isEmpty && stuck.requests == [.report(.info("The panes are as large as they go that way."))])
        for _ in 0..<20 { _ = PanesFeature.reduce(.editorGrown(-1), &panes, context) }
        #expect(panes.sizes.editorPercent == 15)
        #expect(panes.layout.editor.height >= 7, "the editor keeps its URL, tabs and a row")
    }

    @Test func aBorderDraggedWithTheMouseMovesToWhereItIsReleased() {
        var panes = PanesFeature.State(size: Size(width: 100, height: 41))
        _ = PanesFeature.reduce(.borderPressed(.treeEdge), &panes, context)
        _ = PanesFeature.reduce(.borderReleased(at: Position(x: 49, y: 10)), &panes, context)
        #expect(panes.sizes.treePercent == 50 && panes.draggedBorder == nil)
        #expect(panes.layout.tree.width == 50)
        _ = PanesFeature.reduce(.borderPressed(.editorEdge), &panes, context)
        _ = PanesFeature.reduce(.borderReleased(at: Position(x: 70, y: 23)), &panes, context)
        #expect(panes.sizes.editorPercent == 60)
        // A release with no border pressed first changes nothing.
        let stray = PanesFeature.reduce(.borderReleased(at: Position(x: 5, y: 5)), &panes, context)
        #expect(stray.requests.isEmpty && panes.sizes == PaneSizes(treePercent: 50, editorPercent: 60))
    }
}
