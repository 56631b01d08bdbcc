/// A load run's account (`ferry run --duration`/`--concurrency`/`--rate`): how it was driven, how long it ran,
/// and each request's ``LoadStatistics``, in file order.
public struct LoadReport: Sendable, Hashable {
    /// How the load was driven.
    public var model: LoadModel
    /// How long it ran, from the first send to the last end.
    public var elapsed: Duration
    /// Each request's statistics, in run order.
    public var requests: [LoadStatistics]

    /// A report with the given parts.
    public init(model: LoadModel, elapsed: Duration, requests: [LoadStatistics]) {
        self.model = model
        self.elapsed = elapsed
        self.requests = requests
    }

    /// All requests' latencies together.
    public var latency: LatencyHistogram {
        requests.reduce(into: LatencyHistogram()) { $0.merge($1.latency) }
    }

    /// How many ended, all requests together.
    public var count: Int { requests.reduce(0) { $0 + $1.count } }

    /// Requests a second over the run (`count / elapsed`).
    public func throughput(of count: Int) -> Double {
        let seconds = elapsed / .seconds(1)
        return seconds > 0 ? Double(count) / seconds : 0
    }
}

/// How a load run sends: a fixed number of senders each sending the next request when its last one ended
/// (closed model, as k6's virtual users), or new requests at a fixed rate whatever the server does (open
/// model), each request's latency counted from when it was due, so a slow server cannot hide its queue.
public enum LoadModel: Sendable, Hashable, CustomStringConvertible {
    /// `concurrency` senders, each going through the files' requests in order, for `duration`.
    case closed(concurrency: Int, duration: Duration)
    /// `perSecond` requests a second (the files' requests in turn) for `duration`, at most `inFlight` at once
    /// (a request due while that many are out waits, its wait counted in its latency).
    case open(perSecond: Int, duration: Duration, inFlight: Int)

    /// How long the load lasts.
    public var duration: Duration {
        switch self {
        case .closed(_, let duration), .open(_, let duration, _): duration
        }
    }

    /// `closed: 8 senders for 30 s` or `open: 500 requests/s for 30 s`.
    public var description: String {
        switch self {
        case .closed(let concurrency, let duration):
            "closed: \(concurrency) sender\(concurrency == 1 ? "" : "s") for \(Self.seconds(duration))"
        case .open(let perSecond, let duration, _): "open: \(perSecond) requests/s for \(Self.seconds(duration))"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = duration / .seconds(1)
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
