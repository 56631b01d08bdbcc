import FerryCurlBaseline
import FerryHTTP
import FerryHTTPLoad
import FerryTestSupport
import FerryURLSession
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
        if ProcessInfo.processInfo.environment[serveVariable] != nil { serveForever(server) }
        let urls = (0..<count).map { "\(server.baseURL)/item?n=\($0)" }
        let requests = urls.compactMap { URL(string: $0) }.map { HTTPRequest(url: $0) }

        let curlClient = HTTPClient(transport: CurlTransport())
        var best = Best()
        // Interleaved, best of seven: the machine is shared, so single runs are noisy, and interleaving
        // exposes every contender to the same bursts of load. Every contender warms up before each run.
        for _ in 0..<7 {
            best.raw.keep(rate { precondition(CurlBaseline.sequentialFetch(urls) == count) })
            best.rawLoop.keep(rate { precondition(CurlBaseline.loopFetch(urls) == count) })
            best.curl.keep(rate { RequestPatterns.chained(curlClient, requests, width: 1) })
            best.curlBlocking.keep(rate { RequestPatterns.blocking(curlClient, requests) })
            best.curlAsync.keep(rate { sequentialAsync(curlClient, requests) })
            best.cli.keep(try cliRate(urls, parallel: false))
            best.curlParallel.keep(rate { RequestPatterns.gated(curlClient, requests, inFlight: inFlight) })
            best.cliParallel.keep(try cliRate(urls, parallel: true))
            best.rawParallel.keep(
                rate { precondition(CurlBaseline.parallelFetch(urls, inFlight: inFlight) == count) })
        }
        let memory = try clientMemory(server.baseURL)

        let sessionClient = HTTPClient(transport: URLSessionTransport())
        let sessionSequential = rate { RequestPatterns.chained(sessionClient, requests, width: 1) }
        let sessionParallel = rate { RequestPatterns.gated(sessionClient, requests, inFlight: inFlight) }
        return sequentialRows(best, session: sessionSequential) + parallelRows(best, session: sessionParallel)
            + memory
    }

    /// The best rate seen for each contender.
    private struct Best {
        var raw = Rate(), rawLoop = Rate(), curl = Rate(), curlBlocking = Rate(), curlAsync = Rate(), cli = Rate()
        var curlParallel = Rate(), cliParallel = Rate(), rawParallel = Rate()
    }

    /// The best of several requests-per-second figures.
    private struct Rate {
        var value = 0.0
        mutating func keep(_ other: Double) { value = max(value, other) }
    }

    // MARK: - Rows

    private static func sequentialRows(_ best: Best, session: Double) -> [BenchRow] {
        let (curl, curlAsync, cli) = (best.curl.value, best.curlAsync.value, best.cli.value)
        let (raw, rawLoop) = (best.raw.value, best.rawLoop.value)
        func overhead(_ over: Double, _ rate: Double) -> Double { (over / max(rate, 1e-9) - 1) * 100 }
        func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }
        return [
            row(
                "1k GETs sequential: CurlTransport, each completion handler sends the next", curl,
                ratio(curl, cli, "curl CLI"), curl >= cli),
            row(
                "1k GETs sequential: CurlTransport, a thread blocks until each completion handler",
                best.curlBlocking.value,
                ratio(best.curlBlocking.value, cli, "curl CLI") + "; one more thread hand-off per request"),
            row(
                "1k GETs sequential: CurlTransport, async/await", curlAsync, ratio(curlAsync, cli, "curl CLI"),
                curlAsync >= cli),
            row("1k GETs sequential: URLSessionTransport", session, ratio(session, curl, "CurlTransport")),
            row("1k GETs sequential: curl CLI (1 process)", cli, ""),
            row("1k GETs sequential: raw libcurl, easy handle on the caller's thread", raw, ""),
            row(
                "1k GETs sequential: raw libcurl, multi handle on a loop thread", rawLoop,
                ratio(rawLoop, raw, "raw easy")),
            BenchRow(
                suite: "http", name: "CurlTransport overhead over raw libcurl (easy, caller's thread)",
                value: percent(overhead(raw, curl)),
                comparison: "target < 10%; async/await: \(percent(overhead(raw, curlAsync)))",
                meetsTarget: overhead(raw, curl) < 10),
            BenchRow(
                suite: "http", name: "CurlTransport overhead over raw libcurl (multi on a loop thread)",
                value: percent(overhead(rawLoop, curl)),
                comparison: "same design, no FerryHTTP; async/await: \(percent(overhead(rawLoop, curlAsync)))",
                meetsTarget: nil),
        ]
    }

    private static func parallelRows(_ best: Best, session: Double) -> [BenchRow] {
        let (curl, cli, raw) = (best.curlParallel.value, best.cliParallel.value, best.rawParallel.value)
        let overhead = (raw / max(curl, 1e-9) - 1) * 100
        return [
            row("1k GETs, 50 in flight: CurlTransport", curl, ratio(curl, cli, "curl CLI -Z"), curl >= cli),
            row("1k GETs, 50 in flight: raw libcurl, multi handle on the caller's thread", raw, ""),
            BenchRow(
                suite: "http", name: "CurlTransport overhead over raw libcurl, 50 in flight",
                value: String(format: "%.1f%%", overhead), comparison: "target < 10%", meetsTarget: overhead < 10),
            row("1k GETs, 50 in flight: URLSessionTransport", session, ratio(session, curl, "CurlTransport")),
            row("1k GETs, 50 in flight: curl CLI -Z (1 process)", cli, ""),
        ]
    }

    private static func row(_ name: String, _ value: Double, _ comparison: String, _ met: Bool? = nil) -> BenchRow {
        BenchRow(suite: "http", name: name, value: "\(Int(value)) req/s", comparison: comparison, meetsTarget: met)
    }

    // MARK: - Runs

    /// Requests per second for `count` requests done by `body`.
    private static func rate(_ body: () throws -> Void) rethrows -> Double {
        try body()  // warm-up: connections, caches, code paths
        return Double(count) / max(try measureSeconds(body), 1e-9)
    }

    /// One request at a time through `await client.send(_:)`, from one Swift task.
    private static func sequentialAsync(_ client: HTTPClient, _ requests: [HTTPRequest]) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await RequestPatterns.sequentialAsync(client, requests)
            done.signal()
        }
        done.wait()
    }

    // MARK: - Memory, in a process of its own

    /// Set to serve `/item` on loopback until killed (for profiling FerryHTTPProbe against it).
    private static let serveVariable = "FERRY_BENCH_HTTP_SERVE"

    /// Prints the server's base URL and serves until the process is killed.
    private static func serveForever(_ server: TestHTTPServer) -> Never {
        FileHandle.standardOutput.write(Data("\(server.baseURL)\n".utf8))
        while true { sleep(3600) }
    }

    /// Set in the child process to the server's base URL.
    private static let childVariable = "FERRY_BENCH_HTTP_CLIENT_OF"

    /// The client's memory, measured in processes that do nothing but 1,000 sequential and 1,000 concurrent
    /// GETs (this process also hosts the server's threads and the other transports): FerryHTTPProbe, which
    /// links only FerryHTTP, built as `ferry` is (shared Swift runtime) and, when `make bench` built it, with
    /// the Swift runtime linked statically; and this binary run again as a pure client.
    private static func clientMemory(_ baseURL: String) throws -> [BenchRow] {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let probes = [
            ("HTTP-only process (FerryHTTPProbe)", folder.appendingPathComponent("FerryHTTPProbe")),
            // `make bench` builds this one into a scratch path of its own (bench.sh runs from the repository).
            ("HTTP-only process, static Swift runtime", URL(fileURLWithPath: ".build/static/release/FerryHTTPProbe")),
        ]
        var rows: [BenchRow] = []
        for (name, probe) in probes where FileManager.default.isExecutableFile(atPath: probe.path) {
            rows.append(memoryRow(name, try runClient(probe, ["rss", baseURL], environment: [:]), target: true))
        }
        let bench = URL(fileURLWithPath: CommandLine.arguments[0])
        rows.append(
            memoryRow(
                "FerryBench as a pure client", try runClient(bench, [name], environment: [childVariable: baseURL])))
        return rows
    }

    private static func memoryRow(_ name: String, _ figures: [Int], target: Bool = false) -> BenchRow {
        let (atStart, peak) = (figures[0], figures[1])
        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        var comparison = "\(megabytes(atStart)) before the first request, +\(megabytes(peak - atStart)) for 2k GETs"
        if figures.count >= 4 { comparison += " (at the end: \(megabytes(figures[2])) anonymous)" }
        return BenchRow(
            suite: "http", name: "peak RSS, \(name)", value: megabytes(peak),
            comparison: (target ? "target < 30 MB; " : "") + comparison, meetsTarget: target ? peak < 30 << 20 : nil)
    }

    /// Runs `executable` with `arguments` and returns the numbers it prints on one line.
    private static func runClient(_ executable: URL, _ arguments: [String], environment: [String: String]) throws
        -> [Int]
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let numbers = text.split(separator: " ").compactMap { Int($0) }
        guard process.terminationStatus == 0, numbers.count >= 2 else {
            throw BenchFailure("the client process \(executable.lastPathComponent) failed: \(text)")
        }
        return numbers
    }

    /// The child's whole job: 1,000 sequential and 1,000 concurrent GETs, then print VmHWM and exit.
    private static func runAsClientProcess(_ baseURL: String) -> Never {
        let atStart = peakResidentBytes()
        let requests = (0..<count).compactMap { URL(string: "\(baseURL)/item?n=\($0)") }.map { HTTPRequest(url: $0) }
        let client = HTTPClient(transport: CurlTransport())
        RequestPatterns.blocking(client, requests)
        RequestPatterns.gated(client, requests, inFlight: inFlight)
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
