import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - Copying a request as curl, importing files into the workspace

extension AppReducer {
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
