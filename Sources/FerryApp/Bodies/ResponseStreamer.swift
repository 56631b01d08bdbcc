import FerryHTTP
import Foundation

/// Sends a request with FerryHTTP's streaming API and collects the body as it arrives (in memory while
/// small, in a temporary file once binary or large), reporting progress on the way.
///
/// Canceling the calling Swift task cancels the transfer at once; what had arrived is kept and returned.
enum ResponseStreamer {
    /// How many body bytes may wait between the transport and this reader.
    static let bufferLimit = 1 << 20

    /// Sends `request` through `client` and returns how it ended, with the body that arrived.
    static func receive(
        _ request: HTTPRequest, client: HTTPClient, limits: ResponseLimits, executor: any TaskExecutor,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> TransferOutcome {
        let streaming: HTTPStreamingResponse
        do {
            streaming = try await client.stream(request, bufferLimit: bufferLimit)
        } catch {
            return TransferOutcome(head: nil, error: error)
        }
        let task = streaming.task
        let reporter = Task(executorPreference: executor) {
            for await report in task.progress { progress(report) }
        }
        defer { reporter.cancel() }
        var outcome = TransferOutcome(head: streaming.head)
        let receiver = BodyReceiver(head: streaming.head, limits: limits)
        do {
            for try await chunk in streaming.body {
                do {
                    try receiver.append(chunk)
                } catch {
                    outcome.storageProblem = "\(error)"
                    task.cancel()
                    break
                }
            }
        } catch {
            outcome.error = error
        }
        if Task.isCancelled, outcome.error == nil, outcome.storageProblem == nil {
            outcome.error = HTTPClientError(.canceled, request: request)
        }
        if outcome.error == nil, outcome.storageProblem == nil {
            // The body ended: the task finishes with the timing (its response carries no body).
            switch await task.result {
            case .success(let finished): outcome.head = finished
            case .failure(let error): outcome.error = error
            }
        }
        outcome.body = receiver.finish(isComplete: outcome.isComplete)
        return outcome
    }
}
