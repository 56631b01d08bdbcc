/// A load run in the JSON report (`"load"`), times in milliseconds:
///
/// ```json
/// { "model": "closed", "concurrency": 8, "ratePerSecond": null, "durationMs": 30000, "elapsedMs": 30004.1,
///   "count": 150210, "errors": 3, "throughputPerSecond": 5006.3,
///   "latencyMs": { "p50": 1.2, "p90": 2.1, "p99": 4.4, "max": 31.0 },
///   "histogram": [ { "underMs": 1.024, "count": 80211 }, … ],
///   "requests": [ { "id": "a.http#list", "count": 75105, "errors": { "status 503": 3 },
///                   "throughputPerSecond": 2503.1, "latencyMs": { … } } ] }
/// ```
struct JSONLoadSection: Encodable {
    var model: String
    var concurrency: Int?
    var ratePerSecond: Int?
    var durationMs, elapsedMs, throughputPerSecond: Double
    var count, errors: Int
    var latencyMs: Percentiles
    var histogram: [Bucket]
    var requests: [Request]

    init(_ load: LoadReport) {
        switch load.model {
        case .closed(let concurrency, _):
            model = "closed"
            self.concurrency = concurrency
        case .open(let perSecond, _, let inFlight):
            model = "open"
            ratePerSecond = perSecond
            concurrency = inFlight
        }
        durationMs = Self.milliseconds(load.model.duration)
        elapsedMs = Self.milliseconds(load.elapsed)
        count = load.count
        errors = load.requests.reduce(0) { $0 + $1.errorCount }
        throughputPerSecond = (load.throughput(of: load.count) * 10).rounded() / 10
        let all = load.latency
        latencyMs = Percentiles(all)
        histogram = all.octaveRows.map { Bucket(underMs: Self.milliseconds($0.under), count: $0.count) }
        requests = load.requests.map { request in
            Request(
                id: request.id.description, count: request.count, errors: request.errors,
                throughputPerSecond: (load.throughput(of: request.count) * 10).rounded() / 10,
                latencyMs: Percentiles(request.latency))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(concurrency, forKey: .concurrency)
        try container.encode(ratePerSecond, forKey: .ratePerSecond)
        try container.encode(durationMs, forKey: .durationMs)
        try container.encode(elapsedMs, forKey: .elapsedMs)
        try container.encode(count, forKey: .count)
        try container.encode(errors, forKey: .errors)
        try container.encode(throughputPerSecond, forKey: .throughputPerSecond)
        try container.encode(latencyMs, forKey: .latencyMs)
        try container.encode(histogram, forKey: .histogram)
        try container.encode(requests, forKey: .requests)
    }

    enum CodingKeys: String, CodingKey {
        case model, concurrency, ratePerSecond, durationMs, elapsedMs, count, errors, throughputPerSecond, latencyMs
        case histogram, requests
    }

    struct Percentiles: Encodable {
        var p50, p90, p99, max: Double

        init(_ latency: LatencyHistogram) {
            p50 = JSONLoadSection.milliseconds(latency.percentile(50))
            p90 = JSONLoadSection.milliseconds(latency.percentile(90))
            p99 = JSONLoadSection.milliseconds(latency.percentile(99))
            max = JSONLoadSection.milliseconds(latency.maximum)
        }
    }

    struct Bucket: Encodable {
        var underMs: Double
        var count: Int
    }

    struct Request: Encodable {
        var id: String
        var count: Int
        var errors: [String: Int]
        var throughputPerSecond: Double
        var latencyMs: Percentiles
    }

    static func milliseconds(_ duration: Duration) -> Double {
        (duration / .microseconds(1)).rounded() / 1000
    }
}
