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
}
