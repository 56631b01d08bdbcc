import FerryHTTP

/// What one request of a run put on the wire and got back, kept when the runner is asked to
/// (``CollectionRunner/keepsExchanges``) so the exchange can be shown as a send shows it: the request as sent,
/// the transfer's end with its body, and what the request's scripts did.
public struct RunExchange: Sendable {
    /// The request as it went out (variables substituted).
    public var request: HTTPRequest
    /// Masks the send's secrets (and their echoes) in whatever is shown about it.
    public var scrubber: SecretScrubber
    /// How the transfer ended: the response with its body, or why it stopped (with what had arrived).
    public var end: TransferEnd
    /// The outcomes of the request's scripts: pre-request scripts, then response handlers, in file order.
    public var scriptOutcomes: [ScriptOutcome]

    /// An exchange with the given parts.
    public init(request: HTTPRequest, scrubber: SecretScrubber, end: TransferEnd, scriptOutcomes: [ScriptOutcome]) {
        self.request = request
        self.scrubber = scrubber
        self.end = end
        self.scriptOutcomes = scriptOutcomes
    }
}
