import Foundation

/// What happens to one send made with ``HTTPClient/transfer(_:bufferLimit:executor:reportsProgress:finishing:)``, in order: an attempt starts,
/// the head arrives, progress and body chunks flow, and the send ends exactly once (``ended(_:)``); between
/// attempts, the wait before a retry.
public enum HTTPTransferEvent: Sendable {
    /// Attempt `attempt` (from 1) of at most `of` started.
    case attemptStarted(attempt: Int, of: Int)
    /// The attempt before failed (`after`, in words); the next one, `attempt` of `of`, starts after `delay`.
    case retryWaiting(attempt: Int, of: Int, delay: Duration, after: String)
    /// An event stream that ended was opened again (``HTTPRequest/eventStream``): connection `connection`
    /// (from 2) answered 200 with `text/event-stream`, asked with `Last-Event-ID: lastEventID` (none when
    /// empty). Its body follows as ``bodyChunk(_:)``s of the same body; no second ``head(_:)`` comes.
    case reconnected(connection: Int, lastEventID: String)
    /// The status and headers of the final response (redirects followed), before its body.
    case head(HTTPResponse)
    /// Bytes moved; reported throttled.
    case progress(TransferProgress)
    /// The next piece of the body, as it arrived (after content decoding). Once a chunk was delivered, the
    /// send is never retried.
    case bodyChunk(Data)
    /// The send ended: complete, failed, or canceled. Always the last event.
    case ended(TransferEnd)
}

/// How a send ended: the response (with timing once the transfer finished), the body that arrived, and
/// why the send ended early, if it did.
public struct TransferEnd: Sendable {
    /// The complete response (its body in ``body``), or why the send ended before it was complete.
    public var outcome: Result<HTTPResponse, HTTPClientError>
    /// The status and headers that arrived before a failure, if any.
    public var partialHead: HTTPResponse?
    /// The body bytes that arrived, complete or not.
    public var body: ReceivedBody
    /// How many attempts were made.
    public var attempts: Int

    /// An end with the given parts.
    public init(
        _ outcome: Result<HTTPResponse, HTTPClientError>, partialHead: HTTPResponse? = nil,
        body: ReceivedBody = .none, attempts: Int = 1
    ) {
        self.outcome = outcome
        self.partialHead = partialHead
        self.body = body
        self.attempts = attempts
    }

    /// The final response's status and headers (with timing when the transfer finished), when they arrived.
    public var response: HTTPResponse? {
        if case .success(let response) = outcome { response } else { partialHead }
    }

    /// Why the send ended early; `nil` when it is complete.
    public var error: HTTPClientError? {
        if case .failure(let error) = outcome { error } else { nil }
    }

    /// Whether the whole response arrived and was kept.
    public var isComplete: Bool { error == nil }

    /// The outcome with the body in the response: in ``HTTPResponse/body`` when it stayed in memory, else
    /// in ``HTTPResponse/spilledBody``.
    public var result: Result<HTTPResponse, HTTPClientError> {
        outcome.map { response in
            var response = response
            switch body.storage {
            case .memory(let bytes): response.body = Data(bytes)
            case .file(let file): response.spilledBody = file
            }
            return response
        }
    }
}
