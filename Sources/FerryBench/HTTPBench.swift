import FerryHTTP
import FerryTestSupport
import Foundation

/// `make bench http`: 1,000 GETs sequentially (keep-alive) and 50 at a time against a loopback server,
/// through CurlTransport, URLSessionTransport, the curl CLI (one invocation) and raw libcurl.
enum HTTPBench: BenchSuite {
    static let name = "http"
    static let count = 1_000
    static let inFlight = 50

    static func run() throws -> [BenchRow] {
        if let baseURL = ProcessInfo.processInfo.environment[childVariable] { runAsClientProcess(baseURL) }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/item", responding: .json(#"{"ok":true}"#))
        let urls = (0..<count).map { "\(server.baseURL)/item?n=\($0)" }
        let requests = urls.compactMap { URL(string: $0) }.map { HTTPRequest(url: $0) }

        let curlClient = HTTPClient(transport: CurlTransport())
        var (rawSequential, curlSequential, cliSequential) = (0.0, 0.0, 0.0)
        var (curlParallel, cliParallel) = (0.0, 0.0)
        // Interleaved, best of five: the machine is shared, so single runs are noisy, and interleaving
        // exposes every contender to the same bursts of load.
        for _ in 0..<5 {
            rawSequential = max(rawSequential, rate { precondition(CurlTransport.baselineFetch(urls) == count) })
            curlSequential = max(curlSequential, rate { sequential(curlClient, requests) })
            cliSequential = max(cliSequential, try cliRate(urls, parallel: false))
            curlParallel = max(curlParallel, rate { parallel(curlClient, requests) })
            cliParallel = max(cliParallel, try cliRate(urls, parallel: true))
        }
        let clientPeak = try clientProcessPeak(server.baseURL)

        let sessionClient = HTTPClient(transport: URLSessionTransport())
        let sessionSequential = rate { sequential(sessionClient, requests) }
        let sessionParallel = rate { parallel(sessionClient, requests) }

        let overhead = (rawSequential / curlSequential - 1) * 100
        func row(_ name: String, _ value: Double, _ comparison: String, _ met: Bool? = nil) -> BenchRow {
            BenchRow(
                suite: name.isEmpty ? "" : "http", name: name, value: "\(Int(value)) req/s", comparison: comparison,
                meetsTarget: met)
        }
        return [
            row(
                "1k GETs sequential: CurlTransport", curlSequential, ratio(curlSequential, cliSequential, "curl CLI"),
                curlSequential >= cliSequential),
            row(
                "1k GETs sequential: URLSessionTransport", sessionSequential,
                ratio(sessionSequential, curlSequential, "CurlTransport")),
            row("1k GETs sequential: curl CLI (1 process)", cliSequential, ""),
            row("1k GETs sequential: raw libcurl easy reuse", rawSequential, ""),
            BenchRow(
                suite: "http", name: "CurlTransport overhead over raw libcurl",
                value: String(format: "%.1f%%", overhead),
                comparison: "target < 10%", meetsTarget: overhead < 10),
            row(
                "1k GETs, 50 in flight: CurlTransport", curlParallel, ratio(curlParallel, cliParallel, "curl CLI -Z"),
                curlParallel >= cliParallel),
            row(
                "1k GETs, 50 in flight: URLSessionTransport", sessionParallel,
                ratio(sessionParallel, curlParallel, "CurlTransport")),
            row("1k GETs, 50 in flight: curl CLI -Z (1 process)", cliParallel, ""),
            BenchRow(
                suite: "http", name: "peak RSS, client process (2k GETs, CurlTransport)",
                value: "\(clientPeak.peak >> 20) MB",
                comparison: "target < 30 MB; \(clientPeak.atStart >> 20) MB before the first request",
                meetsTarget: clientPeak.peak < 30 << 20),
        ]
    }

    // MARK: - Runs

    /// Requests per second for `count` requests done by `body`.
    private static func rate(_ body: () throws -> Void) rethrows -> Double {
        try body()  // warm-up: connections, caches, code paths
        return Double(count) / max(try measureSeconds(body), 1e-9)
    }

    private static func sequential(_ client: HTTPClient, _ requests: [HTTPRequest]) {
        let done = DispatchSemaphore(value: 0)
        for request in requests {
            client.send(request) { result in
                precondition((try? result.get().status) == 200, "request failed: \(result)")
                done.signal()
            }
            done.wait()
        }
    }

    private static func parallel(_ client: HTTPClient, _ requests: [HTTPRequest]) {
        let slots = DispatchSemaphore(value: inFlight)
        let group = DispatchGroup()
        for request in requests {
            slots.wait()
            group.enter()
            client.send(request) { result in
                precondition((try? result.get().status) == 200, "request failed: \(result)")
                slots.signal()
                group.leave()
            }
        }
        group.wait()
    }

    // MARK: - Memory, in a process of its own

    /// Set in the child process to the server's base URL.
    private static let childVariable = "FERRY_BENCH_HTTP_CLIENT_OF"

    /// Runs this binary again as a pure client of `baseURL` and reads the peak RSS it reports, so the
    /// figure is the client's alone (this process also hosts the server's threads and the other transports).
    private static func clientProcessPeak(_ baseURL: String) throws -> (atStart: Int, peak: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [name]
        process.environment = ProcessInfo.processInfo.environment.merging([childVariable: baseURL]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let numbers = text.split(separator: " ").compactMap { Int($0) }
        guard process.terminationStatus == 0, numbers.count == 2 else {
            throw BenchFailure("the client process failed: \(text)")
        }
        return (numbers[0], numbers[1])
    }

    /// The child's whole job: 1,000 sequential and 1,000 concurrent GETs, then print VmHWM and exit.
    private static func runAsClientProcess(_ baseURL: String) -> Never {
        let atStart = peakResidentBytes()
        let requests = (0..<count).compactMap { URL(string: "\(baseURL)/item?n=\($0)") }.map { HTTPRequest(url: $0) }
        let client = HTTPClient(transport: CurlTransport())
        sequential(client, requests)
        parallel(client, requests)
        print(atStart, peakResidentBytes())
        exit(0)
    }

    /// The curl command-line tool fetching every URL in one process, from a config file.
    private static func cliRate(_ urls: [String], parallel: Bool) throws -> Double {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-bench-\(UUID()).curlrc")
        defer { try? FileManager.default.removeItem(at: config) }
        try urls.map { "url = \"\($0)\"\noutput = \"/dev/null\"\n" }.joined().write(
            to: config, atomically: true, encoding: .utf8)
        var arguments = ["-s", "--compressed", "--config", config.path]
        if parallel { arguments += ["-Z", "--parallel-max", String(inFlight)] }
        func runCurl() throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = arguments
            // curl 7.88 draws its parallel progress meter even with -s; keep the table readable.
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw BenchFailure("curl exited with \(process.terminationStatus)")
            }
        }
        try runCurl()
        return Double(urls.count) / max(try measureSeconds(runCurl), 1e-9)
    }

    private static func ratio(_ value: Double, _ other: Double, _ name: String) -> String {
        String(format: "%.2fx %@", value / max(other, 1e-9), name)
    }
}

/// A benchmark that could not run.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
