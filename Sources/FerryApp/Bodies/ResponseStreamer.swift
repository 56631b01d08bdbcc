import FerryHTTP
import Foundation

/// Sends a request with FerryHTTP's streaming API and collects the body as it arrives (in memory while
/// small, in a temporary file once binary or large), reporting progress on the way.
///
/// Canceling the calling Swift task cancels the transfer at once; what had arrived is kept and returned.
enum ResponseStreamer {
    /// How many body bytes may wait between the transport and this reader.
    static let bufferLimit = 1 << 20
    /// How much of the body is shown while it arrives.
    static let previewLimit = 64 * 1024
    /// The least time between two reports of what arrived.
    static let previewInterval = Duration.milliseconds(100)

    /// Sends `request` through `client` and returns how it ended, with the body that arrived; `arrived` hears
    /// the head as soon as it is in, then the start of the body (up to ``previewLimit``) as it grows.
    static func receive(
        _ request: HTTPRequest, client: HTTPClient, limits: ResponseLimits, executor: any TaskExecutor,
        progress: @escaping @Sendable (TransferProgress) -> Void,
        arrived: @escaping @Sendable (HTTPResponse, [UInt8]) -> Void = { _, _ in }
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
        arrived(streaming.head, [])
        var preview: [UInt8] = []
        var reported = ContinuousClock.now
        do {
            for try await chunk in streaming.body {
                do {
                    try receiver.append(chunk)
                } catch {
                    outcome.storageProblem = "\(error)"
                    task.cancel()
                    break
                }
                guard preview.count < previewLimit else { continue }
                preview += chunk.prefix(previewLimit - preview.count)
                if ContinuousClock.now - reported >= previewInterval || preview.count == previewLimit {
                    reported = ContinuousClock.now
                    arrived(streaming.head, preview)
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
        if !preview.isEmpty { arrived(streaming.head, preview) }
        outcome.body = receiver.finish(isComplete: outcome.isComplete)
        return outcome
    }
}
