/// What a load run measured for one request: how many were sent, the errors by kind, the latency histogram.
public struct LoadStatistics: Sendable, Hashable {
    /// The request's id.
    public var id: RequestID
    /// Where the request is written.
    public var location: SourceLocation
    /// The method and masked URL, as sent.
    public var method: String, maskedURL: String
    /// How many ended (answered or not).
    public var count = 0
    /// The ones that did not succeed, by kind: `status 503`, or the transport error's words (`timed out`…).
    public var errors: [String: Int] = [:]
    /// The latency of every one that ended, from its scheduled start (open model) or its send (closed).
    public var latency = LatencyHistogram()

    /// Statistics for the request `id` written at `location`, sent as `method` to `maskedURL`.
    public init(id: RequestID, location: SourceLocation, method: String, maskedURL: String) {
        self.id = id
        self.location = location
        self.method = method
        self.maskedURL = maskedURL
    }

    /// How many did not succeed.
    public var errorCount: Int { errors.values.reduce(0, +) }

    /// Counts one that ended after `latency`, failed as `error` (`nil`: it succeeded).
    public mutating func record(_ latency: Duration, error: String?) {
        count += 1
        self.latency.record(latency)
        if let error { errors[error, default: 0] += 1 }
    }
}
