import FerryHTTP
import FerryTestSupport
import Foundation

/// `make bench cancel`: how long a download that is receiving bytes takes to stop after `cancel()`
/// (target: within 100 ms), measured from the `cancel()` call until the transport's loop has
/// taken the transfer off its multi handle, so no more bytes flow.
///
/// The tests check the same guarantee with room for a loaded CI machine; the figure itself lives here.
enum CancelBench: BenchSuite {
    static let name = "cancel"
    static let samples = 30

    static func run() throws -> [BenchRow] {
        let server = try TestHTTPServer()
        defer { server.stop() }
        // Ten seconds of body: every sample is canceled long before it ends.
        server.route(
            "/drip", responding: TestResponse(body: Data(count: 1_000_000)).dripping(1_000, every: .milliseconds(10)))
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let client = HTTPClient(transport: transport)
        guard let url = URL(string: "\(server.baseURL)/drip") else { throw BenchFailure("bad server URL") }

        var delays: [Double] = []
        for _ in 0..<samples {
            let task = client.task(for: HTTPRequest(url: url))
            try waitUntil("bytes arrive") {
                if case .running(let progress) = task.state { progress.bytesReceived > 0 } else { false }
            }
            let canceledAt = ContinuousClock.now
            task.cancel()
            try waitUntil("the transfer stops") { transport.activeTransferCount == 0 }
            delays.append(seconds(ContinuousClock.now - canceledAt) * 1000)
        }
        delays.sort()
        let median = delays[delays.count / 2]
        let worst = delays[delays.count - 1]
        return [
            BenchRow(
                suite: name, name: "cancel mid-download → transfer stopped (\(samples) runs)",
                value: String(format: "p50 %.2f ms, max %.2f ms", median, worst),
                comparison: "target < 100 ms", meetsTarget: worst < 100)
        ]
    }

    /// Spins (sleeping 50 µs between looks) until `condition` holds, for at most 10 s.
    private static func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw BenchFailure("timed out waiting until \(what)") }
            usleep(50)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        duration.seconds
    }
}
