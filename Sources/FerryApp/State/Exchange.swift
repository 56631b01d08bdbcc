import FerryHTTP
import FerryWorkbench
import Foundation

/// One send of a request and what came of it: in flight, answered, failed or canceled (the transfer's
/// facts), with where the user is in its body (``viewport``).
struct Exchange: Sendable {
    /// Where the exchange is.
    enum Phase: Sendable {
        /// Bytes are moving.
        case inFlight
        /// The response arrived.
        case received(HTTPResponse)
        /// The send failed: the message in words, with what to do.
        case failed(String)
        /// The user canceled it.
        case canceled
    }

    /// The id of this send; a result carrying another id belongs to a send that was replaced.
    var id: SendID
    /// The request sent.
    var requestID: RequestID
    /// What was sent (resolved), for the Request tab, once the send was prepared.
    var sent: HTTPRequest?
    /// Masks the send's secrets (and their echoes) in whatever is shown about it.
    var scrubber = SecretScrubber.none
    /// Where the exchange is.
    var phase: Phase = .inFlight
    /// The request heads libcurl wrote (redirect hops included), once the transfer ended; empty when none
    /// were recorded or nothing was sent.
    var sentHeads: [SentRequestHead] = []
    /// The status and headers, as soon as they arrived (before the body, and kept when it is canceled).
    var head: HTTPResponse?
    /// The start of the body while it arrives (up to `ResponseStreamer.previewLimit`), shown until the body
    /// is prepared.
    var preview: [UInt8] = []
    /// The events of an event stream response so far, shown while it streams; `nil` for other bodies.
    var events: EventsSoFar?
    /// The event selected in the live events, or `nil` to follow the newest.
    var eventSelection: EventSelection?
    /// The conversation of a `WEBSOCKET` request; `nil` for other requests.
    var conversation: Conversation?
    /// The call of a `GRPC` request (its stream's messages arrive as ``events``); `nil` for other requests.
    var grpc: GRPCCallState?
    /// The latest progress report.
    var progress = TransferProgress()
    /// The attempt under way (or the last one made): 1, or more once `# @retries` tried again.
    var attempt = 1
    /// The wait before the next attempt, while there is one.
    var retryWait: RetryWait?
    /// The time from the start of the send to the latest progress report.
    var elapsed: Duration = .zero
    /// When the app's clock first saw the send in flight (its first tick after the send began): the time
    /// waited for the response is counted from it until the head arrives.
    var started: ContinuousClock.Instant?

    /// How long the send has waited for its response's head at `now` (`nil` once the head is in, or before
    /// the clock saw the send).
    func waited(at now: ContinuousClock.Instant?) -> Duration? {
        guard isInFlight, head == nil, let started, let now, now > started else { return nil }
        return now - started
    }
    /// What the send's scripts did (tests, log, errors), once they ran; the Tests tab lists it.
    var scriptOutcomes: [ScriptOutcome] = []

    /// Bytes received per second so far, once there is something to measure.
    var receiveRate: Double? {
        let seconds = elapsed.seconds
        guard seconds > 0.05, progress.bytesReceived > 0 else { return nil }
        return Double(progress.bytesReceived) / seconds
    }
    /// The size of the response body in bytes (the bytes themselves live in `body` once prepared).
    var bodySize = 0
    /// Whether the transfer ended before the whole body arrived (canceled or broken off).
    var isBodyIncomplete = false
    /// Whether only part of the body is shown: it is incomplete, or text too large to show whole.
    var isBodyPartial = false
    /// The body, once received and prepared for display.
    var body: ResponseBody = .empty
    /// The body's bytes where the transfer kept them (memory, shared with `body`, or the temporary file it
    /// spilled to), for saving it whole to a file.
    var received: ReceivedBody = .none
    /// Where the body view is: cursor, scroll, search and filter. It belongs to the body shown, so a new
    /// body (prepared, or a retry starting over) starts from a fresh one.
    var viewport = BodyViewport()
    /// Whether bytes are still moving.
    var isInFlight: Bool {
        if case .inFlight = phase { return true }
        return false
    }

    /// The response, when one arrived.
    var response: HTTPResponse? {
        if case .received(let response) = phase { return response }
        return nil
    }

    /// The status and headers to show: the response's, else the head that arrived before it ended.
    var headers: HTTPHeaders? { (response ?? head)?.headers }
}
