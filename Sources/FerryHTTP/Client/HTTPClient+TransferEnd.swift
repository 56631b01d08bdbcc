import Foundation

extension HTTPClient {
    /// Sends `request` and returns how it ended, awaited in the calling task: the attempts, retries and body
    /// destination of ``transfer(_:bufferLimit:executor:reportsProgress:finishing:)``, for a caller that wants
    /// only the end. No task runs per attempt and no event is relayed: the transport's completion resumes the
    /// caller, so a send crosses threads twice (to the transport and back). `onRetry` hears of each wait before
    /// a retry (``HTTPTransferEvent/retryWaiting(attempt:of:delay:after:)``), on any thread.
    ///
    /// The transport keeps the body where ``HTTPRequest/responseBody`` says (``TransferEnd/body``). An event
    /// stream is not connected again when it ends (``HTTPRequest/eventStream``): that takes
    /// ``transfer(_:bufferLimit:executor:reportsProgress:finishing:)``. Canceling the calling task cancels the send,
    /// which then ends at once as ``HTTPClientError/Reason/canceled``.
    ///
    /// ```swift
    /// let end = await client.transferEnd(of: HTTPRequest(path: "/get"))
    /// print(end.response?.status ?? 0, end.body.count, end.error?.message ?? "complete")
    /// ```
    public func transferEnd(
        of request: HTTPRequest, onRetry: @escaping @Sendable (HTTPTransferEvent) -> Void = { _ in }
    ) async -> TransferEnd {
        let task = HTTPTask<HTTPResponse>(request: request)
        let attempts = Locked(0)
        // The task stays here, so nobody hears its progress.
        start(task, processor: nil, bodySink: nil, reportsProgress: false) { event in
            switch event {
            case .attemptStarted(let attempt, _): attempts.withLock { $0 = attempt }
            case .retryWaiting: onRetry(event)
            default: break
            }
        }
        let outcome = await task.result
        let made = max(1, attempts.withLock { $0 })
        switch outcome {
        case .failure(let error):
            return TransferEnd(.failure(error), attempts: made)
        case .success(var response):
            let body = ReceivedBody(kept: response, as: request.responseBody)
            response.body = Data()
            response.spilledBody = nil
            return TransferEnd(.success(response), body: body, attempts: made)
        }
    }
}

extension ReceivedBody {
    /// The body of `response` as the transport kept it for `destination`: in memory, spilled to a temporary
    /// file (binary when its media type or its first bytes say so, as ``BodyCollector`` judged it), or written
    /// to a file (only its length here).
    init(kept response: HTTPResponse, as destination: ResponseBodyDestination) {
        if let file = response.spilledBody {
            let first = file.read(offset: 0, count: BodyCollector.sniffedBytes)
            let isBinary = BodyCollector.isBinary(mediaType: response.mediaType, firstBytes: first)
            self.init(storage: .file(file), count: file.size, isComplete: true, isBinary: isBinary)
        } else if let url = destination.fileURL {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
            self.init(storage: .memory([]), count: size ?? 0, isComplete: true, isBinary: false)
        } else {
            let bytes = [UInt8](response.body)
            self.init(storage: .memory(bytes), count: bytes.count, isComplete: true, isBinary: false)
        }
    }
}
