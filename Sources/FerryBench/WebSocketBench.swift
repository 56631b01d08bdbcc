import FerryHTTP
import FerryTestSupport
import Foundation

/// WebSocket echo round trips against the `websockets` echo server on loopback: FerryHTTP's ``WebSocket``
/// beside the `websockets` Python client doing the same round trips to the same server in the same run
/// (both send one text message and wait for its echo, one at a time).
enum WebSocketBench: BenchSuite {
    static let name = "websocket"

    /// Round trips measured per client (after 100 to warm up).
    static let roundTrips = 2_000

    static func run() throws -> [BenchRow] {
        let server = try PeerClient.blocking { try await WebSocketEchoServer.start() }
        guard let server, let python = WebSocketEchoServer.python() else {
            return [
                BenchRow(
                    suite: name, name: "echo round trip", value: "skipped", comparison: "no websockets venv",
                    meetsTarget: nil)
            ]
        }
        defer { server.stop() }
        let url = server.baseURL + "/echo"
        let ferry = try PeerClient.blocking { try await ferryRoundTrips(url) }
        let peer = try pythonRoundTrips(python, url: url)
        func micros(_ seconds: Double) -> String { String(format: "%.0f µs", seconds * 1e6) }
        return [
            BenchRow(
                suite: name, name: "echo round trip, median of \(roundTrips) (FerryHTTP WebSocket)",
                value: micros(ferry.median),
                comparison: String(
                    format: "websockets (Python) %@: %.2fx; p99 %@ vs %@", micros(peer.median),
                    ferry.median / peer.median,
                    micros(ferry.p99), micros(peer.p99)),
                meetsTarget: ferry.median <= peer.median)
        ]
    }

    private static func ferryRoundTrips(_ url: String) async throws -> PeerClient.Summary {
        guard let target = URL(string: url) else { throw EventStreamBench.BenchFailure("bad URL \(url)") }
        var request = HTTPRequest(url: target)
        request.target = .url(target)
        let socket = try await WebSocket.connect(request)
        defer { socket.cancel() }
        var messages = socket.messages.makeAsyncIterator()
        let clock = ContinuousClock()
        var samples: [Double] = []
        for index in 0..<(roundTrips + 100) {
            let text = "round trip \(index)"
            let started = clock.now
            try socket.send(text: text)
            guard case .text(let echoed)? = try await messages.next(), echoed == text else {
                throw EventStreamBench.BenchFailure("round trip \(index) did not come back")
            }
            if index >= 100 { samples.append((clock.now - started).seconds) }
        }
        _ = try? await socket.close()
        return try PeerClient.Summary(samples)
    }

    /// The same round trips with the `websockets` client (its sync API), which prints one duration per line.
    private static func pythonRoundTrips(_ python: URL, url: String) throws -> PeerClient.Summary {
        let script = """
            import sys, time
            from websockets.sync.client import connect
            n = int(sys.argv[2])
            with connect(sys.argv[1]) as ws:
                out = []
                for i in range(n + 100):
                    text = "round trip %d" % i
                    t = time.perf_counter()
                    ws.send(text)
                    if ws.recv() != text:
                        sys.exit("round trip %d did not come back" % i)
                    if i >= 100:
                        out.append(time.perf_counter() - t)
            print("\\n".join("%.9f" % s for s in out))
            """
        return try PeerClient.durations(python, ["-c", script, url, "\(roundTrips)"], client: "websockets")
    }
}
