import FerryHTTP
import Foundation

/// The one way to send a saved request, used by the workbench and `ferry send`: prepares a ``SendPlan`` (all
/// variable layers, values captured from earlier responses, included files), sends it through FerryHTTP
/// (attempts, retries and the body's destination are the client's), and records it in the history once,
/// with one set of rules (body cap, secrets masked, the request's stable id).
///
/// ```swift
/// let sender = RequestSender(client: client)
/// let send = sender.start(try RequestSender.prepare(plan))
/// for await event in send.events { if case .ended(let end) = event { print(end.response?.status ?? 0) } }
/// ```
public struct RequestSender: Sendable {
    /// The client that sends.
    public let client: HTTPClient
    /// How much of each body the history keeps.
    public static let historyBodyCap = 64 * 1024

    /// A sender through `client`.
    public init(client: HTTPClient) {
        self.client = client
    }

    // MARK: - Preparing

    /// `plan` made ready to send: captured values and included files read (this reads files), variables
    /// substituted, the standard time limits (``TransferLimits``) applied where the request sets none. Throws ``SendFailure`` saying what is wrong and where.
    public static func prepare(_ plan: SendPlan) throws(SendFailure) -> PreparedSend {
        var context = plan.context
        let workspace = plan.workspace
        let history = HistoryLog(stateFolder: workspace.stateFolder)
        for (name, value) in workspace.capturedValues(for: plan.request, history: history)
        where context.captured[name] == nil {
            context.captured[name] = value
        }
        let saved = plan.request.request
        for path in saved.includedFilePaths(with: context) where context.includedFiles[path] == nil {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : plan.folder.appendingPathComponent(path)
            guard let bytes = try? Data(contentsOf: url) else {
                throw SendFailure(
                    "Cannot read \(path) for the body (\(url.path)): check the path after < in the Body tab.")
            }
            context.includedFiles[path] = bytes
        }
        do {
            let prepared = try saved.prepared(with: context)
            let request = TransferLimits.standard.applied(
                to: try prepared.httpRequest(
                    location: saved.sourceMap.map { SourceLocation(file: $0.file, line: $0.requestLine) }),
                for: prepared)
            let outputs = try saved.responseOutputs.map {
                try PreparedOutput.resolving($0, with: context, folder: plan.folder, stateFolder: workspace.stateFolder)
            }
            return PreparedSend(plan: plan, prepared: prepared, request: request, outputs: outputs)
        } catch let error as VariableError {
            throw SendFailure(error.description, variableError: error)
        } catch {
            throw SendFailure("\(error)")
        }
    }

    // MARK: - Sending

    /// Starts `send`; its events are FerryHTTP's (``HTTPTransferEvent``), and before the last one
    /// (``HTTPTransferEvent/ended(_:)``) is handed on, a completed response's body is saved to the request's
    /// outputs (``PreparedSend/outputs``; the files written go to `saved`) and the history line is written. An
    /// output or a history that cannot be written is reported to `problem` (the send stands).
    public func start(
        _ send: PreparedSend, executor: (any TaskExecutor)? = nil,
        problem: @escaping @Sendable (String) -> Void = { _ in }, saved: @escaping @Sendable ([URL]) -> Void = { _ in }
    ) -> HTTPTransfer {
        let transfer = client.transfer(send.request, executor: executor)
        guard send.plan.isLogged || !send.outputs.isEmpty else { return transfer }
        let started = Date()
        return transfer.finishing(on: executor) { end in
            if end.isComplete, !send.outputs.isEmpty {
                saved(Self.save(end, to: send.outputs, problem: problem))
            }
            guard send.plan.isLogged else { return }
            do {
                try Self.record(end, of: send, started: started)
            } catch {
                problem("history not recorded: \(error)")
            }
        }
    }

    /// Writes the body of `end` to each of `outputs`; returns the files written, reports the others.
    static func save(_ end: TransferEnd, to outputs: [PreparedOutput], problem: (String) -> Void) -> [URL] {
        let bytes = end.body.prefix(end.body.count)
        return outputs.compactMap { output in
            do {
                return try output.write(bytes)
            } catch {
                let place = output.location.map { "\($0.file):\($0.line): " } ?? ""
                problem("\(place)response not saved to \(output.url.path): \(error)")
                return nil
            }
        }
    }

    /// Appends the history line for `send`, which ended as `end`, under its request's stable id
    /// (`.ferry/ids.json`), so the history finds the request after it is renamed or moved.
    static func record(_ end: TransferEnd, of send: PreparedSend, started: Date) throws {
        let workspace = send.plan.workspace
        let id = send.plan.request.id
        var entry = HistoryEntry(
            prepared: send.prepared, requestID: id.description, requestPath: id.description,
            environment: send.plan.environment, started: started, result: end.historyResult(cap: historyBodyCap),
            bodyCap: historyBodyCap)
        if end.isComplete {
            entry.responseSize = end.body.count
            entry.responseBodyTruncated = end.body.count > historyBodyCap
        }
        try workspace.ensureStateFolder()
        if let stable = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)[id] {
            entry.requestID = stable
        }
        try HistoryLog(stateFolder: workspace.stateFolder).append(entry)
    }
}

extension TransferEnd {
    /// The outcome with at most `cap` (plus a margin for masking across the cut) bytes of the body.
    func historyResult(cap: Int) -> Result<HTTPResponse, HTTPClientError> {
        outcome.map { response in
            var response = response
            response.body = Data(body.prefix(cap + 4096))
            return response
        }
    }
}
