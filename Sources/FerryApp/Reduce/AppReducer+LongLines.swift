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

    /// Scrolls the lines of the response tab shown right (+1) or left (-1) by a third of the pane's width;
    /// nothing while lines wrap (there is nothing to the side then).
    static func scrollSideways(_ step: Int, _ state: inout AppState) -> [Effect] {
        guard !state.wrapsLines, state.currentExchange != nil else { return [] }
        let stride = max(1, state.layout.responseContent.width / 3) * step
        if state.responseTab == .body {
            updateCurrentExchange(&state) { $0.viewport.column = max(0, $0.viewport.column + stride) }
        } else {
            state.detailColumn = max(0, state.detailColumn + stride)
        }
        return []
    }
}
