import FerryHTTP
import Foundation

/// What the benchmarks that compare Ferry with a Python peer's own client share: running that client and reading
/// the one duration per line it prints, and waiting on an async call from a suite's synchronous `run`.
enum PeerClient {
    /// The median and 99th percentile of measured durations, in seconds.
    struct Summary {
        /// The median.
        var median: Double
        /// The 99th percentile.
        var p99: Double

        /// The summary of `samples`; throws when there are none.
        init(_ samples: [Double]) throws {
            guard !samples.isEmpty else { throw EventStreamBench.BenchFailure("nothing was measured") }
            let sorted = samples.sorted()
            median = sorted[sorted.count / 2]
            p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        }
    }

    /// Runs `python` with `arguments` (in `folder`, when given) and reads the durations it prints, one a line;
    /// throws naming `client` when it does not exit 0.
    static func durations(
        _ python: URL, _ arguments: [String], in folder: URL? = nil, client: String
    ) throws -> Summary {
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw EventStreamBench.BenchFailure("the \(client) client exited with \(process.terminationStatus)")
        }
        return try Summary(String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) })
    }

    /// Runs `body` on a task and waits for it, for a suite's synchronous `run`.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
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
