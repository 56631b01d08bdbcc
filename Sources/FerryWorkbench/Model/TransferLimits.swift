import FerryHTTP

/// The time limits a send gets unless its request or the user says otherwise, the same for `ferry send` and
/// the workbench: so a server that accepts and never answers fails in seconds, naming the phase, instead of
/// hanging.
///
/// ```swift
/// let request = TransferLimits.standard.applied(to: try prepared.httpRequest(), for: prepared)
/// ```
public struct TransferLimits: Sendable, Hashable {
    /// The limit for resolving the host and connecting (TCP and TLS).
    public var connectTimeout: Duration
    /// The longest a transfer may go without a byte moving (``HTTPRequest/idleTimeout``), or `nil` for none.
    public var idleTimeout: Duration?

    /// Connect within 10 s; fail after 30 s without a byte.
    public static let standard = TransferLimits(connectTimeout: .seconds(10), idleTimeout: .seconds(30))

    /// Limits with the given values.
    public init(connectTimeout: Duration, idleTimeout: Duration?) {
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
    }

    /// `request` with these limits where nothing more specific set one: `# @connection-timeout` keeps its
    /// connect timeout, and a whole-transfer limit (`# @timeout`, `--timeout`) stands in for the idle one,
    /// since whoever set it chose how long to wait.
    public func applied(to request: HTTPRequest, for prepared: PreparedRequest) -> HTTPRequest {
        var limited = request
        if prepared.connectionTimeout == nil { limited.connectTimeout = connectTimeout }
        if request.timeout == nil { limited.idleTimeout = idleTimeout }
        return limited
    }
}
