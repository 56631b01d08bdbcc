import FerryImport
import FerryWorkbench

// MARK: - A curl command pasted into the URL field becomes the request

extension AppReducer {
    /// Pasted text: a curl command pasted into the URL field replaces the open request's method, URL,
    /// headers and body (a draft, saved only with Ctrl-S); any other text is typed without line breaks.
    static func paste(_ text: String, _ state: inout AppState) -> [Effect] {
        if state.overlay == nil, state.panes.focus == .editor, let id = state.openRequest,
            let request = state.currentRequest, CurlCommandImporter.recognizes(pasted: text)
        {
            return pasteCurl(text, over: request, id, &state)
        }
        return type(text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: ""), &state)
    }

    /// Makes the pasted curl command the open request, saying what was not carried over.
    private static func pasteCurl(
        _ text: String, over request: SavedRequest, _ id: RequestID, _ state: inout AppState
    ) -> [Effect] {
        let pasted: (request: SavedRequest, warnings: [Diagnostic])
        do {
            pasted = try CurlCommandImporter.request(pasting: text, over: request)
        } catch {
            state.report(.error("Pasted curl command not used: \(error.message) (line \(error.location.line))"))
            return []
        }
        let effects = edit(id, &state) { $0 = pasted.request }
        state.resetURLEditor()
        if let first = pasted.warnings.first {
            let more = pasted.warnings.count > 1 ? " (+\(pasted.warnings.count - 1) more)" : ""
            state.report(.info("Pasted curl command: \(first.message)\(more)"))
        } else {
            state.report(.info("Pasted curl command: \(pasted.request.method) \(pasted.request.fullURL)"))
        }
        return effects
    }
}
