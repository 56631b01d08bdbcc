import Foundation

extension HTTPClient {
    /// The buffer limit ``stream(_:bufferLimit:)`` uses unless told otherwise: 1 MiB.
    public static let defaultStreamBufferLimit = 1 << 20

    /// Sends `request` and returns as soon as the response head arrived, with the body to read as an async
    /// sequence while it downloads.
    ///
    /// At most about `bufferLimit` bytes wait for the reader: a slower reader pauses the transfer instead
    /// of filling memory. The request's ``HTTPRequest/responseBody`` destination is not used by
    /// ``CurlTransport``; other transports deliver the whole body (within that destination's limit) as one
    /// chunk at the end. Canceling the calling Swift task while waiting for the head cancels the request.
    ///
    /// ```swift
    /// let response = try await client.stream(HTTPRequest(url: url))
    /// for try await chunk in response.body { hash.update(data: chunk) }
    /// ```
    public func stream(_ request: HTTPRequest, bufferLimit: Int = defaultStreamBufferLimit)
        async throws(HTTPClientError) -> HTTPStreamingResponse
    {
        let buffer = ResponseBodyBuffer(limit: bufferLimit)
        let task = HTTPTask<HTTPResponse>(request: request)
        let reader = StreamReader(buffer: buffer, task: task)
        start(task, processor: nil, bodySink: buffer)
        let head = await withTaskCancellationHandler {
            await buffer.head()
        } onCancel: {
            reader.cancel()
        }
        return HTTPStreamingResponse(
            head: try head.get(), body: HTTPBodyStream(reader: reader), task: task, bufferLimit: buffer.limit)
    }
}
