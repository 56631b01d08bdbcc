import FerryHTTP
import Foundation

/// A send that ended (``RequestSender/send(_:onRetry:)``): how its transfer ended and what its finishing step did.
public struct FinishedSend: Sendable {
    /// How the transfer ended (a cancel included).
    public var end: TransferEnd
    /// The finishing step's report: the scripts that ran, the files saved, the problems.
    public var report: SendReport

    /// A finished send with the given parts.
    public init(end: TransferEnd, report: SendReport) {
        self.end = end
        self.report = report
    }
}

extension RequestSender {
    /// Sends `send` and returns once it ended and its finishing step ran (the outputs saved, the history line
    /// written, the response handlers run: ``start(_:executor:reportsProgress:report:)``'s), all in the calling
    /// task: the transport's completion resumes it, with no task per attempt and no event relayed, for a caller
    /// that wants only the end (``CollectionRunner``). `onRetry` hears of each wait before a retry
    /// (``HTTPTransferEvent/retryWaiting(attempt:of:delay:after:)``), on any thread.
    ///
    /// Canceling the calling task cancels the send, which ends as ``HTTPClientError/Reason/canceled``; the
    /// finishing step still runs (a handler that is running sees the cancel and stops). An event stream to
    /// connect again when it ends (`# @reconnect`) goes through ``start(_:executor:reportsProgress:report:)``.
    ///
    /// ```swift
    /// let finished = await sender.send(try sender.prepare(plan))
    /// print(finished.end.response?.status ?? 0, finished.report.tests.count)
    /// ```
    public func send(
        _ send: PreparedSend, onRetry: @escaping @Sendable (HTTPTransferEvent) -> Void = { _ in }
    ) async -> FinishedSend {
        guard !send.request.eventStream.reconnects else { return await relayed(send, onRetry: onRetry) }
        let started = Date()
        let end = await client.transferEnd(of: send.request, onRetry: onRetry)
        let report = finish(end, of: send, started: started, bodyFile: send.request.responseBody.fileURL)
        return FinishedSend(end: end, report: report)
    }

    /// ``send(_:onRetry:)`` through the transfer's events, for a send that reconnects: a cancel ends it at once
    /// while its finishing step goes on in the transfer's task.
    private func relayed(_ send: PreparedSend, onRetry: @escaping @Sendable (HTTPTransferEvent) -> Void) async
        -> FinishedSend
    {
        let finished = Locked<SendReport?>(nil)
        let transfer = start(send, reportsProgress: false) { report in finished.withLock { $0 = report } }
        var ended: TransferEnd?
        for await event in transfer.events {
            switch event {
            case .retryWaiting: onRetry(event)
            case .ended(let end): ended = end
            case .attemptStarted, .head, .progress, .bodyChunk, .reconnected: break
            }
        }
        let report = finished.withLock { $0 } ?? SendReport(preRequestScripts: send.preRequestScripts)
        let end = ended ?? TransferEnd(.failure(HTTPClientError(.canceled, request: send.request)))
        return FinishedSend(end: end, report: report)
    }
}
