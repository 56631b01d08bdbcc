import FerryTerminal
import FerryWorkbench

// MARK: - The Params tab's query table, kept in step with the URL

extension AppReducer {
    /// Applies a key, paste or click to the query table and writes the URL its enabled rows make into the
    /// draft; the URL field shows it at once.
    static func editParams(_ event: InputEvent, _ state: inout AppState) -> [Effect] {
        guard var table = state.paramsTable, let id = state.openRequest, let request = state.currentRequest else {
            return []
        }
        let before = table.rows
        _ = table.handle(event, area: state.layout.editorContent)
        state.editor.mode = .params(table)
        guard table.rows != before else { return [] }
        let url = QueryRows.url(request.fullURL, with: table.rows)
        guard url != request.fullURL else { return [] }
        let effects = edit(id, &state) {
            $0.url = url
            $0.urlContinuations = []
        }
        state.syncURLEditor()
        return effects
    }
}
