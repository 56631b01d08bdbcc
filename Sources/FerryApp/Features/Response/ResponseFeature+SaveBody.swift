import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - Saving the response body to a file the user names

extension ResponseFeature {
    /// Asks where to save the open request's response body, offering a name from its URL and type.
    static func requestBodySave(_ state: State, _ context: Context) -> FeatureOutput {
        guard let id = context.openRequest, let exchange = state.exchanges[id], !exchange.isInFlight else {
            let key = AppKeyMap.hint(for: .send, in: context.keyMap).map { " (\($0))" } ?? ""
            return .report(.error("No response to save yet: send the request first\(key)."))
        }
        guard exchange.received.count > 0 else { return .report(.error("The response has no body to save.")) }
        let response = exchange.response ?? exchange.head
        let name = BodyFile.suggestedName(for: response?.url, mediaType: response?.mediaType)
        return .present(.namePrompt(.saveBody(id, replacing: nil), savePrompt(for: exchange, text: name)))
    }

    /// `o` or `O`: the open request's body in the pager or the editor, as a file named as the save would name
    /// it (so its extension picks the highlighting).
    static func showBody(in viewer: ExternalViewer, _ state: State, _ context: Context) -> FeatureOutput {
        guard let id = context.openRequest, let exchange = state.exchanges[id], !exchange.isInFlight else {
            let key = AppKeyMap.hint(for: .send, in: context.keyMap).map { " (\($0))" } ?? ""
            return .report(.error("No response to show yet: send the request first\(key)."))
        }
        guard exchange.received.count > 0 else { return .report(.error("The response has no body to show.")) }
        let response = exchange.response ?? exchange.head
        let name = BodyFile.suggestedName(for: response?.url, mediaType: response?.mediaType)
        return .run([.showBody(exchange.received, name: name, in: viewer)])
    }

    /// Saves request `id`'s body to `path` (absolute, `~/…`, or from the workspace folder); the file there is
    /// replaced only when `replacing` names it (the user was asked).
    static func saveBody(
        _ id: RequestID, path: String, replacing: String?, _ state: State, _ context: Context
    ) -> FeatureOutput {
        guard let exchange = state.exchanges[id], exchange.received.count > 0 else {
            return .report(.error("That response is gone: send the request again to save its body."))
        }
        let url = EffectRunner.importSource(path, root: context.workspaceRoot).standardizedFileURL
        let stateFolder = context.stateFolder.standardizedFileURL.path
        guard url.path != stateFolder, !url.path.hasPrefix(stateFolder + "/") else {
            return FeatureOutput(requests: [
                .report(.error("Not inside \(Workspace.stateFolderName)/ (Ferry's own files): choose another path.")),
                .present(.namePrompt(.saveBody(id, replacing: nil), savePrompt(for: exchange, text: path))),
            ])
        }
        return .run([.saveBody(id, exchange.received, typed: path, to: url, replacing: replacing == url.path)])
    }

    /// Takes in how a save of request `id`'s body to `typed` ended: said in the status bar, or, when the file
    /// exists, the prompt again asking whether to replace it.
    static func bodySaveFinished(
        _ id: RequestID, typed: String, _ result: Result<URL, BodyFile.Failure>, _ state: State
    ) -> FeatureOutput {
        switch result {
        case .success(let url):
            let size = WorkbenchView.formatBytes(state.exchanges[id]?.received.count ?? 0)
            return .report(.info("Saved the body (\(size)) to \(url.path)."))
        case .failure(.exists(let url)):
            guard let exchange = state.exchanges[id] else { return .none }
            var prompt = savePrompt(for: exchange, text: typed)
            prompt.title = "\(url.lastPathComponent) exists: Enter replaces it, or type another name"
            return FeatureOutput(requests: [
                .present(.namePrompt(.saveBody(id, replacing: url.path), prompt)),
                .report(.error("\(url.path) exists; it was left as it is.")),
            ])
        case .failure(.system(let text)):
            return .report(.error(text))
        }
    }

    /// The save prompt for `exchange`'s body, holding `text`.
    private static func savePrompt(for exchange: Exchange, text: String) -> PromptDialogState {
        let size = WorkbenchView.formatBytes(exchange.received.count)
        let partial = exchange.isBodyIncomplete ? ", partial" : ""
        return PromptDialogState(
            title: "Save the body (\(size)\(partial))", label: "File (from the workspace folder)", text: text)
    }
}
