import FerryWorkbench
import Foundation

// MARK: - Recorded responses into the workspace history

extension ImportedCollection {
    /// Appends each file's ``File/recordedExchanges`` (written into `folder`) to the history of the workspace at
    /// `workspaceRoot` (by default the nearest folder at or above `folder` holding `http-client.env.json`, else
    /// `folder`), under the stable id of the
    /// request written for it, so the workbench shows the response before the request was ever sent. A request
    /// the writer left out has no entry.
    func recordHistory(in folder: URL, workspaceRoot: URL?, report: inout ImportWriteReport) throws {
        guard files.contains(where: { !$0.recordedExchanges.isEmpty }) else { return }
        let root = (workspaceRoot ?? Workspace.nearestRoot(from: folder) ?? folder).standardizedFileURL
            .resolvingSymlinksInPath()
        let target = folder.standardizedFileURL.resolvingSymlinksInPath()
        let prefix = target.path == root.path ? "" : String(target.path.dropFirst(root.path.count + 1)) + "/"
        let workspace = try Workspace.load(at: root)
        try workspace.ensureStateFolder()
        let stableIDs = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)
        let log = HistoryLog(stateFolder: workspace.stateFolder)
        for (file, written) in zip(files, report.files) {
            for (index, exchange) in file.recordedExchanges.sorted(by: { $0.key < $1.key }) {
                guard let title = file.requests[index].title else { continue }
                let id = RequestID(path: prefix + written.path, selector: title)
                guard let stable = stableIDs[id] else { continue }
                try log.append(HistoryEntry(recorded: exchange, requestID: stable, requestPath: id.description))
                report.recordedResponses += 1
            }
        }
    }
}
