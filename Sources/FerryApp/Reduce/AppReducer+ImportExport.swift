import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - Copying a request as curl, importing files into the workspace

extension AppReducer {
    /// Puts the open request, with its unsaved edits and resolved in the active environment (secrets
    /// included: the command must work), on the clipboard as a curl command. A body that includes files
    /// (`< ./path`) is copied once an effect has read them (`includedFiles`), as for sending.
    static func copyAsCurl(_ state: inout AppState, includedFiles: [String: Data]? = nil) -> [Effect] {
        guard let id = state.openRequest, let request = state.currentRequest else {
            state.report(.error("Open a request first: select it in the tree and press Enter."))
            return []
        }
        let folder = state.workspace.url(of: id.path).deletingLastPathComponent()
        var context = state.variableContext(for: id)
        if let includedFiles {
            context.includedFiles = includedFiles
        } else {
            let paths = request.includedFilePaths(with: context)
            if !paths.isEmpty { return [.readIncludedFiles(id, folder: folder, paths: paths)] }
        }
        do {
            let command = try CurlCommandExporter(baseFolder: folder).command(for: request, context: context)
            let text = command.rendered(multiline: true)
            var remarks = command.notes.prefix(1).map { $0 }
            // The command carries the secret values it uses in clear (it must work): say so before it is
            // pasted anywhere.
            let secrets = try request.prepared(with: context).sensitiveValues
            if secrets.contains(where: { !$0.isEmpty && text.contains($0) }) {
                remarks.insert("secrets in clear", at: 0)
            }
            let remark = remarks.isEmpty ? "" : " (\(remarks.joined(separator: "; ")))"
            state.report(.info("Copied \(id) as a curl command\(remark)."))
            return [.copy(text)]
        } catch {
            state.report(.error(AppErrorText.resolution(error, environment: state.environment)))
            return []
        }
    }

    /// Asks which file to import, into the folder of the selected tree row.
    static func requestImport(_ state: inout AppState) -> [Effect] {
        guard state.focus == .tree else { return [] }
        let folder: String
        switch state.tree.selectedID {
        case .folder(let path): folder = path
        case .file(let path): folder = parentFolder(of: path)
        case .request(let id): folder = parentFolder(of: id.path)
        case nil: folder = ""
        }
        state.overlay = .namePrompt(
            .importFile(intoFolder: folder),
            PromptDialogState(
                title: "Import a curl, Postman or OpenAPI file into " + (folder.isEmpty ? "the workspace" : folder),
                label: "File"))
        return []
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
