import FerryHTTP

/// How a streamed send ended: the response head (with timing once the transfer finished), why it ended
/// early if it did, and the body bytes that arrived either way.
struct TransferOutcome: Sendable {
    /// The status and headers, when they arrived.
    var head: HTTPResponse?
    /// Why the transfer ended before the whole body arrived (a cancel, a reset, a timeout); `nil` when complete.
    var error: HTTPClientError?
    /// Why the body could not be kept (a temporary file that could not be written), if so.
    var storageProblem: String?
    /// The body bytes that arrived.
    var body: ReceivedBody = .none

    /// Whether the whole response arrived and was kept.
    var isComplete: Bool { head != nil && error == nil && storageProblem == nil }
}
