import Foundation

/// A response whose body is read as it arrives: the head (status, headers, final URL) at once, the body
/// as an ``HTTPBodyStream``, and the task that finishes with timing when the transfer ends.
///
/// ```swift
/// let response = try await client.stream(HTTPRequest(url: url))
/// guard response.head.isSuccess else { return }
/// for try await chunk in response.body { consume(chunk) }
/// let timing = try await response.task.value().timing
/// ```
public struct HTTPStreamingResponse: Sendable {
    /// Status, reason, headers, URL and redirects of the final response; its body is empty and its
    /// timing `nil` (the transfer is still running).
    public let head: HTTPResponse
    /// The body, chunk by chunk.
    public let body: HTTPBodyStream
    /// The transfer: its progress, and its ``HTTPResponse`` with timing once the last byte arrived
    /// (with an empty body, which went to ``body``).
    public let task: HTTPTask<HTTPResponse>
    /// How many body bytes may wait for the reader before the transfer pauses.
    public let bufferLimit: Int
}
