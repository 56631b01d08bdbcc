import FerryImport
import FerryTerminal
import FerryWorkbench

// MARK: - A curl command pasted into the URL field becomes the request

extension EditorFeature {
    /// Makes the pasted curl command the open request's method, URL, headers and body (a draft, saved only with
    /// Ctrl-S), saying what was not carried over.
    static func pasteCurl(_ text: String, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest, let request = state.request(context) else { return .none }
        let pasted: (request: SavedRequest, warnings: [Diagnostic])
        do {
            pasted = try CurlCommandImporter.request(pasting: text, over: request)
        } catch {
            return .report(.error("Pasted curl command not used: \(error.message) (line \(error.location.line))"))
        }
        let effects = state.edit(id, saved: context.saved) { $0 = pasted.request }
        state.urlEditor = TextEditorState(text: pasted.request.fullURL)
        let message: String
        if let first = pasted.warnings.first {
            let more = pasted.warnings.count > 1 ? " (+\(pasted.warnings.count - 1) more)" : ""
            message = "Pasted curl command: \(first.message)\(more)"
        } else {
            message = "Pasted curl command: \(pasted.request.method) \(pasted.request.fullURL)"
        }
        return FeatureOutput(effects: effects, requests: [.report(.info(message))])
    }
}
