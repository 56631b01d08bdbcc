import FerryGRPC
import FerryHTTP
import FerryProtobuf
import FerryTestSupport
import Foundation

/// Unary gRPC round trips against the grpcio peer (`Tests/Peers/grpc_peer.py`) on loopback: FerryGRPC's
/// `HTTPClient.grpc` (a fresh HTTP/2 connection per call, decision 0090) beside grpcio's own Python client
/// (one channel) making the same `ferry.test.Echo/Echo` call to the same server in the same run; each waits for
/// one answer before the next call, after 100 calls to warm up.
enum GRPCBench: BenchSuite {
    static let name = "grpc"

    /// Calls measured per client.
    static let calls = 500

    static func run() throws -> [BenchRow] {
        let folder = try TemporaryFolder(prefix: "ferry-grpc-bench")
        let descriptors = folder.url.appendingPathComponent("ferry_test.pb")
        let server = try PeerClient.blocking { try await GRPCPeerServer.start() }
        guard let server, let python = GRPCPeerServer.python(),
            try PeerClient.blocking({ try await GRPCPeerServer.writeDescriptorSet(to: descriptors) })
        else {
            return [
                BenchRow(
                    suite: name, name: "unary round trip", value: "skipped", comparison: "no grpcio venv",
                    meetsTarget: nil)
            ]
        }
        defer { server.stop() }
        var pool = DescriptorPool()
        try pool.add(fileDescriptorSet: [UInt8](Data(contentsOf: descriptors)))
        let message = try MessageCodec(pool: pool).encode(
            ["name": "ferry", "numbers": [1, 2, 3]], as: "ferry.test.Everything")
        let authority = server.authority
        let ferry = try PeerClient.blocking { try await ferryCalls(authority, message: message) }
        let peer = try pythonCalls(python, port: server.port)
        func micros(_ seconds: Double) -> String { String(format: "%.0f µs", seconds * 1e6) }
        return [
            BenchRow(
                suite: name, name: "unary round trip, median of \(calls) (FerryGRPC, a connection per call)",
                value: micros(ferry.median),
                comparison: String(
                    format: "grpcio client (Python, one channel) %@: %.2fx; p99 %@ vs %@", micros(peer.median),
                    ferry.median / peer.median, micros(ferry.p99), micros(peer.p99)),
                meetsTarget: ferry.median <= peer.median)
        ]
    }

    private static func ferryCalls(_ authority: String, message: [UInt8]) async throws -> PeerClient.Summary {
        guard let target = GRPCTarget(parsing: "\(authority)/ferry.test.Echo/Echo") else {
            throw EventStreamBench.BenchFailure("bad target \(authority)")
        }
        let client = HTTPClient(transport: CurlTransport())
        let call = GRPCCall(target: target, messages: [message])
        let clock = ContinuousClock()
        var samples: [Double] = []
        for index in 0..<(calls + 100) {
            let started = clock.now
            let response = try await client.grpc(call)
            guard response.status.isOK, response.messages.count == 1 else {
                throw EventStreamBench.BenchFailure("call \(index) failed: \(response.status)")
            }
            if index >= 100 { samples.append((clock.now - started).seconds) }
        }
        return try PeerClient.Summary(samples)
    }

    /// The same calls with grpcio's client (`grpc_peer.py --client`), which prints one duration per line.
    private static func pythonCalls(_ python: URL, port: UInt16) throws -> PeerClient.Summary {
        try PeerClient.durations(
            python, ["grpc_peer.py", "--client", "\(port)", "\(calls)"],
            in: TestServers.packageRoot.appendingPathComponent("Tests/Peers"), client: "grpcio")
    }
}
