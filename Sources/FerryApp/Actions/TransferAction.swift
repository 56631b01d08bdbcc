import FerryHTTP
import FerryWorkbench

/// What one send did next, as its effect reports it.
enum TransferAction: Sendable {
    /// The send was prepared (variables substituted): what goes on the wire, for the Request tab.
    case prepared(PreparedSend)
    /// The send could not be prepared: why, in words.
    case preparationFailed(String)
    /// Bytes moved, `elapsed` after the send started.
    case progressed(TransferProgress, elapsed: Duration)
    /// The head arrived, with the start of the body so far (`preview`).
    case headArrived(HTTPResponse, preview: [UInt8])
    /// The events of an event stream so far (see ``ArrivingEvents``), while it arrives.
    case eventsArrived(EventsSoFar)
    /// An attempt failed or got a retryable status, and the send waits before trying again (`# @retries`).
    case retryWaiting(RetryWait)
    /// Attempt `attempt` started after waiting.
    case retryStarted(attempt: Int)
    /// A `GRPC` call ended with this method, status and message count (posted just before ``ended(_:)``).
    case grpcAnswered(GRPCCallState)
    /// The streamed send ended: complete, canceled or failed, with the body bytes that arrived.
    case ended(TransferEnd)
    /// The body is ready to show.
    case bodyPrepared(ResponseBody)
    /// The send's scripts ran: the pre-request scripts' outcomes, then the response handlers', in file order.
    /// The send effect posts it once, after `.ended` (handlers read the whole response, so they run after the
    /// transfer ended), and only for a request that has scripts; the Tests tab shows it.
    case scriptsFinished([ScriptOutcome])
}
