import FerryTerminal

/// The panes on screen as a feature: which has the keyboard, whether the tree is hidden or a pane takes the
/// whole screen, and the terminal's size, from which the layout follows. Moving the focus, hiding, maximizing
/// and resizing change only this; the tree's page and the response's scroll follow the new sizes through the
/// root (``RootRequest/panesResized``).
enum PanesFeature {
    /// The panes' arrangement.
    struct State: Sendable, Equatable {
        /// The pane with the keyboard.
        var focus: Pane = .tree
        /// Whether the collection tree is hidden, so the editor and response take the whole width.
        var isTreeHidden = false
        /// The pane that takes the whole screen (above the status bar), if one does.
        var maximizedPane: Pane?
        /// The terminal's size.
        var size: Size
        /// The tree's share of the width and the editor's of the height (remembered per workspace).
        var sizes = PaneSizes()
        /// The border the mouse pressed on, moved to where it is released.
        var draggedBorder: PaneBorder?

        /// Where each pane sits now. The views draw into it and the reducers hit-test and page against it, so
        /// both always agree.
        var layout: WorkbenchLayout {
            WorkbenchLayout(size: size, hidesTree: isTreeHidden, maximized: maximizedPane, sizes: sizes)
        }
    }

    /// What the panes read of the rest of the app: the key map, to name the key that undoes a change.
    struct Context {
        /// The key bindings.
        var keyMap: KeyMap
    }

    /// Applies a panes action.
    static func reduce(_ action: PanesAction, _ state: inout State, _ context: Context) -> FeatureOutput {
        switch action {
        case .pointed(let pane, let then):
            state.focus = pane
            return FeatureOutput(requests: then.map { RootRequest.dispatch($0) })
        case .focusMoved(let step):
            // Only to the panes on screen (a maximized pane keeps the keyboard; a hidden tree is skipped).
            let layout = state.layout
            let count = Pane.allCases.count
            var next = state.focus
            for _ in 0..<count {
                next = Pane(rawValue: ((next.rawValue + step) % count + count) % count) ?? .tree
                if layout.shows(next) { break }
            }
            state.focus = next
            // The editor's table or body editor gives the keyboard back to the URL field.
            return FeatureOutput(requests: [.closeEditorField])
        case .treeToggled:
            state.isTreeHidden.toggle()
            if state.isTreeHidden {
                if state.maximizedPane == .tree { state.maximizedPane = nil }
                if state.focus == .tree { state.focus = .editor }
            }
            let key = AppKeyMap.hint(for: .toggleTree, in: context.keyMap).map { " (\($0) shows it)" } ?? ""
            return FeatureOutput(
                requests: [.report(.info(state.isTreeHidden ? "Tree hidden\(key)." : "Tree shown.")), .panesResized])
        case .maximizeToggled:
            if state.maximizedPane == nil {
                if state.focus == .tree { state.isTreeHidden = false }
                state.maximizedPane = state.focus
            } else {
                state.maximizedPane = nil
            }
            let key = AppKeyMap.hint(for: .maximize, in: context.keyMap).map { " (\($0) gives it back)" } ?? ""
            return FeatureOutput(
                requests: [
                    .report(.info(state.maximizedPane == nil ? "All panes shown." : "Pane maximized\(key).")),
                    .panesResized,
                ])
        case .resized(let size):
            state.size = size
            return FeatureOutput(requests: [.panesResized])
        case .treeWidened(let step):
            return resize(&state) { $0.treePercent += step * PaneSizes.step }
        case .editorGrown(let step):
            return resize(&state) { $0.editorPercent += step * PaneSizes.step }
        case .borderPressed(let border):
            state.draggedBorder = border
            return .none
        case .borderReleased(let position):
            guard let border = state.draggedBorder else { return .none }
            state.draggedBorder = nil
            let screen = state.size
            return resize(&state) { sizes in
                switch border {
                case .treeEdge: sizes.treePercent = (position.x + 1) * 100 / max(1, screen.width)
                case .editorEdge: sizes.editorPercent = (position.y + 1) * 100 / max(1, screen.height - 1)
                }
            }
        }
    }

    /// Changes the panes' sizes within their bounds, remembers them for the workspace, and says how to change
    /// them again.
    private static func resize(_ state: inout State, _ change: (inout PaneSizes) -> Void) -> FeatureOutput {
        var sizes = state.sizes
        change(&sizes)
        sizes = sizes.bounded
        guard sizes != state.sizes else { return .report(.info("The panes are as large as they go that way.")) }
        state.sizes = sizes
        return FeatureOutput(
            effects: [.rememberPaneSizes(sizes)],
            requests: [
                .report(
                    .info(
                        "Tree \(sizes.treePercent)% wide, editor \(sizes.editorPercent)% high (Alt-H/L and Alt-K/J, "
                            + "or drag a border; kept for this workspace).")),
                .panesResized,
            ])
    }
}

/// The tree's share of the screen's width and the editor's share of the height beside it, in percent.
struct PaneSizes: Sendable, Hashable, Codable {
    /// The tree's width.
    var treePercent = 30
    /// The editor's height (the response takes the rest).
    var editorPercent = 40

    /// How far one key press moves a border, in percent.
    static let step = 5

    /// The sizes kept within what leaves every pane usable (the tree 10–70%, the editor 15–80%).
    var bounded: PaneSizes {
        PaneSizes(treePercent: min(max(treePercent, 10), 70), editorPercent: min(max(editorPercent, 15), 80))
    }
}

/// A border between panes that the mouse can drag.
enum PaneBorder: Sendable, Hashable {
    /// The tree's right edge.
    case treeEdge
    /// The editor's bottom edge.
    case editorEdge
}

/// What happens to the panes' arrangement.
enum PanesAction: Sendable {
    /// Move the focus to the next (+1) or previous (-1) pane on screen.
    case focusMoved(Int)
    /// Hide the collection tree, or show it again.
    case treeToggled
    /// Let the focused pane take the whole screen, or give the others back their place.
    case maximizeToggled
    /// The terminal changed size.
    case resized(Size)
    /// The mouse pressed or scrolled over this pane: it takes the keyboard, then `then` happens in it.
    indirect case pointed(Pane, then: [AppAction])
    /// Widen (+1) or narrow (-1) the tree by a step.
    case treeWidened(Int)
    /// Make the editor taller (+1) or shorter (-1) by a step.
    case editorGrown(Int)
    /// The mouse pressed on a border between panes.
    case borderPressed(PaneBorder)
    /// The mouse was released here after pressing on a border: the border moves here.
    case borderReleased(at: Position)
}
