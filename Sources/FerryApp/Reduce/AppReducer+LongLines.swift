// MARK: - Long lines in the response: wrapping and sideways scrolling

extension AppReducer {
    /// Wraps the response's long lines onto the rows below, or cuts them at the edge again (with `…`).
    static func toggleWrap(_ state: inout AppState) -> [Effect] {
        state.wrapsLines.toggle()
        state.detailColumn = 0
        updateCurrentExchange(&state) { $0.viewport.column = 0 }
        let key = AppKeyMap.hint(for: .toggleWrap, in: state.keyMap) ?? "w"
        state.report(
            .info(
                state.wrapsLines
                    ? "Long lines wrap (\(key) cuts them again)."
                    : "Long lines are cut with … (\(key) wraps them; < and > scroll sideways)."))
        return []
    }

    /// Scrolls the lines of the response tab shown right (+1) or left (-1) by a third of the pane's width,
    /// stopping where the longest line in view ends at the right edge (as `less -S`); nothing while lines wrap
    /// (there is nothing to the side then).
    static func scrollSideways(_ step: Int, _ state: inout AppState) -> [Effect] {
        guard !state.wrapsLines, state.currentExchange != nil else { return [] }
        let content = state.layout.responseContent
        let stride = max(1, content.width / 3) * step
        // From the column on screen (the one kept may lie past a line since left), to the one drawn after.
        setSidewaysColumn(max(0, ResponseView(state: state).shownColumn(in: content) + stride), &state)
        setSidewaysColumn(ResponseView(state: state).shownColumn(in: content), &state)
        return []
    }

    /// Sets the column the response tab shown scrolls its lines from.
    private static func setSidewaysColumn(_ column: Int, _ state: inout AppState) {
        if state.responseTab == .body {
            updateCurrentExchange(&state) { $0.viewport.column = column }
        } else {
            state.detailColumn = column
        }
    }
}
