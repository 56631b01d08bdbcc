/// Bytes moved so far in each direction, and how many are expected when known.
public struct TransferProgress: Sendable, Hashable {
    /// Request body bytes sent.
    public var bytesSent: Int
    /// Request body bytes to send, or `nil` when unknown.
    public var bytesExpectedToSend: Int?
    /// Response body bytes received.
    public var bytesReceived: Int
    /// Response body bytes expected (from `Content-Length`), or `nil` when unknown.
    public var bytesExpectedToReceive: Int?

    /// Progress with the given counts.
    public init(
        bytesSent: Int = 0, bytesExpectedToSend: Int? = nil, bytesReceived: Int = 0,
        bytesExpectedToReceive: Int? = nil
    ) {
        self.bytesSent = bytesSent
        self.bytesExpectedToSend = bytesExpectedToSend
        self.bytesReceived = bytesReceived
        self.bytesExpectedToReceive = bytesExpectedToReceive
    }

    /// The received fraction in 0…1, or `nil` when the total is unknown.
    public var fractionReceived: Double? {
        guard let expected = bytesExpectedToReceive, expected > 0 else { return nil }
        return min(1, Double(bytesReceived) / Double(expected))
    }
}
