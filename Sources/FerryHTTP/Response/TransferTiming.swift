/// How one transfer spent its time, and facts about its connection, measured by the transport.
///
/// Phases follow one another: ``dnsLookup``, ``connect`` (TCP), ``tlsHandshake``, ``requestSent``
/// (protocol set-up until the request is about to go), ``waiting`` (sending the request and waiting for the
/// first byte of the response), ``download``. Their sum is the ``total``. When redirects were followed,
/// each phase is summed over every hop and ``redirect`` is how much of the total went to the hops before
/// the final one. On a reused connection the DNS, connect and TLS phases are (nearly) zero.
public struct TransferTiming: Sendable, Hashable {
    /// Resolving the host name.
    public var dnsLookup: Duration
    /// The TCP connection.
    public var connect: Duration
    /// The TLS handshake (zero for plain HTTP).
    public var tlsHandshake: Duration
    /// From connected until the request is about to be sent.
    public var requestSent: Duration
    /// Sending the request and waiting for the first response byte.
    public var waiting: Duration
    /// Receiving the response after its first byte.
    public var download: Duration
    /// The whole transfer, redirects included.
    public var total: Duration
    /// Time spent on redirects before the final request started.
    public var redirect: Duration

    /// The peer's IP address.
    public var remoteAddress: String?
    /// The peer's port.
    public var remotePort: Int?
    /// The HTTP version of the final response.
    public var httpVersion: HTTPVersion?
    /// Bytes sent: request headers plus body.
    public var bytesSent: Int
    /// Bytes received: response headers plus body, before content decoding.
    public var bytesReceived: Int
    /// Whether an existing connection was reused.
    public var connectionReused: Bool
    /// What the client's ``HTTPCache`` did (`nil` without one): ``CacheStatus/hit`` means the response
    /// came from the cache and nothing was sent.
    public var cacheStatus: CacheStatus?

    /// A timing with every phase zero.
    public init() {
        dnsLookup = .zero
        connect = .zero
        tlsHandshake = .zero
        requestSent = .zero
        waiting = .zero
        download = .zero
        total = .zero
        redirect = .zero
        remoteAddress = nil
        remotePort = nil
        httpVersion = nil
        bytesSent = 0
        bytesReceived = 0
        connectionReused = false
        cacheStatus = nil
    }

    /// The phases in order with their names, for display.
    public var phases: [(name: String, duration: Duration)] {
        [
            ("DNS", dnsLookup), ("Connect", connect), ("TLS", tlsHandshake), ("Request", requestSent),
            ("Waiting", waiting), ("Download", download),
        ]
    }
}

/// An HTTP protocol version.
public enum HTTPVersion: String, Sendable, Hashable, CustomStringConvertible {
    /// HTTP/1.0.
    case http1_0 = "HTTP/1.0"
    /// HTTP/1.1.
    case http1_1 = "HTTP/1.1"
    /// HTTP/2.
    case http2 = "HTTP/2"
    /// HTTP/3.
    case http3 = "HTTP/3"

    /// `HTTP/1.1` and so on.
    public var description: String { rawValue }
}
