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
        let server = try blocking { try await GRPCPeerServer.start() }
        guard let server, let python = GRPCPeerServer.python(),
            try blocking({ try await GRPCPeerServer.writeDescriptorSet(to: descriptors) })
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
        let ferry = try blocking { try await ferryCalls(authority, message: message) }
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

    /// The median and 99th percentile of `samples`, in seconds.
    private struct Summary {
        var median: Double
        var p99: Double
        init(_ samples: [Double]) throws {
            guard !samples.isEmpty else { throw EventStreamBench.BenchFailure("no calls measured") }
            let sorted = samples.sorted()
            median = sorted[sorted.count / 2]
            p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        }
    }

    private static func ferryCalls(_ authority: String, message: [UInt8]) async throws -> Summary {
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
        return try Summary(samples)
    }

    /// The same calls with grpcio's client (`grpc_peer.py --client`), which prints one duration per line.
    private static func pythonCalls(_ python: URL, port: UInt16) throws -> Summary {
        let process = Process()
        process.executableURL = python
        process.arguments = ["grpc_peer.py", "--client", "\(port)", "\(calls)"]
        process.currentDirectoryURL = TestServers.packageRoot.appendingPathComponent("Tests/Peers")
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw EventStreamBench.BenchFailure("the grpcio client exited with \(process.terminationStatus)")
        }
        return try Summary(String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) })
    }

    /// Runs `body` on a task and waits for it, for a suite's synchronous `run`.
    private static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result<T, any Error>?>(nil)
        Task {
            do {
                let value = try await body()
                result.withLock { $0 = .success(value) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        guard let outcome = result.withLock({ $0 }) else { throw EventStreamBench.BenchFailure("no result") }
        return try outcome.get()
    }
}
