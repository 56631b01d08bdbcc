import FerryHTTP
import FerryWorkbench
import Foundation

// MARK: - `ferry send --har FILE`

extension Sender {
    /// Writes the exchange to `--har FILE` (when given) as HAR 1.2, masked as the history is: the response
    /// with its whole body, or a failed transfer as status 0 with its error. Returns `false` (after saying
    /// why) when the file cannot be written.
    func writeHAR(_ result: Result<HTTPResponse, HTTPClientError>, started: Date) -> Bool {
        guard let harPath = options.harPath else { return true }
        let exchange: HARExchange
        switch result {
        case .success(let response):
            exchange = HARExchange(prepared: prepared.prepared, response: response, started: started)
        case .failure:
            exchange = HARExchange(
                history: HistoryEntry(
                    prepared: prepared.prepared, requestID: prepared.found.id.description,
                    requestPath: prepared.found.id.description, environment: options.selection.environment,
                    started: started,
                    result: result))
        }
        do {
            try ExportCommand.write(
                HARExporter(creatorVersion: VersionCommand.version).bytes(for: [exchange]), to: harPath)
            return true
        } catch {
            printError("ferry send: \(error)")
            return false
        }
    }
}
