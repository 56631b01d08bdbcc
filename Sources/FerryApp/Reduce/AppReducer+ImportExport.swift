import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - Copying a request as curl, importing files into the workspace

extension AppReducer {
    /// Copies the open request, with its unsaved edits and resolved in the active environment as it would
    /// be sent (values captured from earlier responses, included files; secrets in clear: the command must
    /// work), as a curl command: an effect prepares it and posts the command (``curlCommandMade(_:_:_:)``).
    static func copyAsCurl(_ state: inout AppState) -> [Effect] {
        guard let (id, plan) = openPlan(state) else {
            state.report(.error("Open a request first: select it in the tree and press Enter."))
            return []
        }
        return [.copyAsCurl(id, plan)]
    }

    /// Puts the curl command made for `id` on the clipboard, saying what to mind about it, or says why it
    /// could not be made.
    static func curlCommandMade(_ id: RequestID, _ result: Result<CurlCopy, SaveFailure>, _ state: inout AppState)
        -> [Effect]
    {
        switch result {
        case .success(let copy):
            let remark = copy.remarks.isEmpty ? "" : " (\(copy.remarks.joined(separator: "; ")))"
            state.report(.info("Copied \(id) as a curl command\(remark)."))
            return [.copy(copy.text)]
        case .failure(let failure):
            state.report(.error(failure.message))
            return []
        }
    }

    /// Takes in the workspace after an import and opens the first request it wrote.
    static func importFinished(_ result: Result<ImportedFiles, SaveFailure>, _ state: inout AppState) -> [Effect] {
        switch result {
        case .success(let imported):
            state.workspace = imported.workspace
            state.environments = imported.environments
            state.rebuildTree()
            let report = imported.report
            let requests = report.files.reduce(0) { $0 + $1.requestCount }
            let firstFile = report.files.first?.path
            if let firstFile, let first = state.workspace.requests(under: firstFile).first?.id {
                open(first, &state)
            }
            var parts: [String] = []
            if requests > 0 {
                let place = report.files.count == 1 ? (firstFile ?? "") : "\(report.files.count) files"
                parts.append("\(requests) request\(requests == 1 ? "" : "s") into \(place)")
            }
            if report.addedVariables > 0 {
                parts.append("\(report.addedVariables) variable\(report.addedVariables == 1 ? "" : "s")")
            }
            var text =
                parts.isEmpty
                ? "Nothing new in \(imported.source)"
                : "Imported " + parts.joined(separator: " and ") + " from \(imported.source)"
            let warnings = report.diagnostics.count
            if warnings > 0 {
                text += "; \(warnings) not carried over, first: \(report.diagnostics[0].message)"
            }
            state.report(.info(text + "."))
        case .failure(let failure):
            state.report(.error(failure.message))
        }
        return []
    }
}
