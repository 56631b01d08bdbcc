import Foundation

/// Why a stream of server-sent events (``HTTPClient/events(for:options:)``) ended with an error.
public enum EventStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request failed, was canceled, or was answered with a status other than 200
    /// (``HTTPClientError/Reason/failedStatus(code:headers:body:)``) or a type other than `text/event-stream`
    /// (``HTTPClientError/Reason/unexpectedContentType(expected:actual:)``).
    case transfer(HTTPClientError)
    /// One event passed the bound on its size (``EventStreamOptions/maximumEventBytes``); the stream was
    /// ended there.
    case eventTooLarge(limit: Int)

    /// Whether the stream ended because it was canceled.
    public var isCanceled: Bool {
        if case .transfer(let error) = self { error.isCanceled } else { false }
    }

    /// What went wrong, in a sentence a person can act on.
    public var message: String {
        switch self {
        case .transfer(let error):
            error.message
        case .eventTooLarge(let limit):
            "An event is larger than the \(limit)-byte limit, so the event stream was ended there."
        }
    }

    /// The same as ``message``.
    public var description: String { message }
}
