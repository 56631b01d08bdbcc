import Foundation

/// A response body as an async sequence of chunks, read while it downloads, with backpressure.
///
/// At most about ``HTTPStreamingResponse/bufferLimit`` bytes wait for the reader: when it is slower than
/// the network, the transfer pauses and continues once the reader caught up. The sequence can be iterated
/// once. An error that ends the transfer early (a reset, a timeout) is thrown by the iterator after the
/// bytes that did arrive. Canceling the reading Swift task, or dropping the sequence and every iterator
/// before the end, cancels the request; the iterator then throws ``HTTPClientError/Reason/canceled``.
///
/// ```swift
/// let response = try await client.stream(HTTPRequest(url: url))
/// for try await chunk in response.body { try file.write(contentsOf: chunk) }
/// ```
public struct HTTPBodyStream: AsyncSequence, Sendable {
    /// A chunk of the body, as libcurl delivered it (after content decoding).
    public typealias Element = Data
    /// The only error the iterator throws.
    public typealias Failure = HTTPClientError

    let reader: StreamReader

    /// An iterator over the chunks.
    public func makeAsyncIterator() -> Iterator { Iterator(reader: reader) }

    /// Reads the chunks one after another.
    public struct Iterator: AsyncIteratorProtocol {
        let reader: StreamReader

        /// The next chunk, or `nil` once the whole body was read.
        public mutating func next() async throws(HTTPClientError) -> Data? {
            try await reader.next()
        }

        /// The next chunk, or `nil` once the whole body was read.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPClientError) -> Data? {
            try await reader.next()
        }
    }

    // MARK: - Diagnostics, for this package's tests and benchmarks

    /// The most body bytes that waited for the reader at once so far (bounded by about the buffer limit
    /// plus one chunk from libcurl).
    package var bufferedBytesHighWaterMark: Int { reader.buffer.highWaterMark }

    /// How many times a full buffer paused the transfer so far.
    package var pauseCount: Int { reader.buffer.pauseCount }
}

/// Owns the reading end of a ``ResponseBodyBuffer``: cancels the request when the reader goes away early.
final class StreamReader: Sendable {
    let buffer: ResponseBodyBuffer
    let task: HTTPTask<HTTPResponse>

    init(buffer: ResponseBodyBuffer, task: HTTPTask<HTTPResponse>) {
        self.buffer = buffer
        self.task = task
    }

    // Dropping the sequence before the end cancels the transfer (a no-op once it finished).
    deinit { cancel() }

    func next() async throws(HTTPClientError) -> Data? {
        if Task.isCancelled { cancel() }
        let result = await withTaskCancellationHandler {
            await buffer.next()
        } onCancel: {
            self.cancel()
        }
        return try result.get()
    }

    func cancel() {
        task.cancel()
        buffer.cancel(with: HTTPClientError(.canceled, request: task.request))
    }
}
