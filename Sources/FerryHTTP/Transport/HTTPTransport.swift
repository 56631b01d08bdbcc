/// Sends resolved requests and reports progress and exactly one completion for each.
///
/// ``CurlTransport`` is the default; `URLSessionTransport` (FerryURLSession) is the second implementation. A transport
/// receives requests already ``HTTPRequest/resolved(in:)`` (absolute URL, headers final).
public protocol HTTPTransport: Sendable {
    /// Starts sending `request`; `events` receives progress and then exactly one completion, on any thread.
    func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle

    /// Whether this transport sends a cookie jar's cookies on each hop of a redirect it follows, matched per
    /// hop, and those set by earlier hops on later ones (from the jar's lines ``HTTPClient`` hands it), so the
    /// client leaves the `Cookie` header to it. `false` by default: the client computes one `Cookie` header
    /// for the first URL.
    var matchesCookiesPerHop: Bool { get }
}

extension HTTPTransport {
    /// `false`: the client computes the `Cookie` header.
    public var matchesCookiesPerHop: Bool { false }
}

/// Where a transport reports what happens to one transfer.
public struct TransferEvents: Sendable {
    /// Called as bytes move, possibly often; consumers throttle.
    public var progress: @Sendable (TransferProgress) -> Void
    /// Called exactly once, when the transfer ends.
    public var completion: @Sendable (Result<HTTPResponse, HTTPClientError>) -> Void
    /// Where a transport that can stream writes the response body as it arrives (set by
    /// ``HTTPClient/stream(_:bufferLimit:)``); a transport that ignores it delivers the body in the response.
    var bodySink: ResponseBodyBuffer?
    /// The cookie jar's cookies as Netscape cookie file lines, for a transport that matches cookies on every
    /// hop of a followed redirect itself (``HTTPTransport/matchesCookiesPerHop``), followed by the cookies of the request's
    /// own `Cookie` header (``HTTPRequest/ownCookiesPerHop()``), which the transport then does not send as a
    /// header; set by ``HTTPClient`` only when the request uses the jar, follows redirects and its own
    /// `Cookie` header, if any, can go this way. `nil`: send cookies only from the request's headers.
    var perHopCookieLines: [String]?
    /// Whether anyone hears ``progress``: `false` when the send asked for none (``HTTPClient/transferEnd(of:onRetry:)``,
    /// a ``HTTPTransfer`` that reports no progress), so a transport may skip working it out (libcurl's progress
    /// callback runs ten times a request). Set by ``HTTPClient`` only; a transport may call ``progress`` anyway.
    var reportsProgress = true

    /// Events delivered to the given closures.
    public init(
        progress: @escaping @Sendable (TransferProgress) -> Void = { _ in },
        completion: @escaping @Sendable (Result<HTTPResponse, HTTPClientError>) -> Void
    ) {
        self.progress = progress
        self.completion = completion
    }
}

/// A transfer in flight, which can be stopped.
public protocol TransferHandle: Sendable {
    /// Stops the transfer soon (no more bytes flow); the transport still reports a completion.
    func cancel()
}
