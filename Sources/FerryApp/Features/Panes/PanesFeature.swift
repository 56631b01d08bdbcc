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

        /// Where each pane sits now. The views draw into it and the reducers hit-test and page against it, so
        /// both always agree.
        var layout: WorkbenchLayout {
            WorkbenchLayout(size: size, hidesTree: isTreeHidden, maximized: maximizedPane)
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
        }
    }
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
}
