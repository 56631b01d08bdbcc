import FerryTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `make bench headless`: the headless commands as a user runs them, whole processes from start to exit,
/// each beside the tool it replaces: `ferry send` of a small GET and `ferry send -o` of 50 MB against
/// `curl`, `ferry json` pretty-printing 50 MB against `jq`, `ferry send` of a unary `GRPC` request against
/// `grpcurl` (or, without it, against the small GET: ``grpcPair(ferry:folder:floor:)``). Each pair runs in turn
/// in one loop (A B A B …), so both see the same load; the rows give medians of wall time and peak memory (from `/usr/bin/time`),
/// and their ratio. With `FERRY_BENCH_BEFORE` naming another `ferry` binary (an older build), that one runs
/// in the same loop too (A B A′ …) and each row also gives its medians, for a before/after in one run.
enum HeadlessBench: BenchSuite {
    static let name = "headless"
    static let runs = 11
    /// The size of the large body and of the JSON file.
    static let largeSize = 50 << 20

    static func run() throws -> [BenchRow] {
        let ferry = try ferryBinary()
        let before = ProcessInfo.processInfo.environment["FERRY_BENCH_BEFORE"].flatMap { $0.isEmpty ? nil : $0 }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-headless-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/small", responding: .json(#"{"ok":true,"items":[1,2,3]}"#))
        server.route(
            "/large",
            responding: TestResponse(
                headers: [("Content-Type", "application/octet-stream")], body: Data(count: largeSize)))
        try Data("### small\n# @name small\nGET {{host}}/small\n\n### large\n# @name large\nGET {{host}}/large\n".utf8)
            .write(to: folder.appendingPathComponent("api.http"))
        try Data(#"{"local": {"host": "\#(server.baseURL)"}}"#.utf8)
            .write(to: folder.appendingPathComponent("http-client.env.json"))
        let output = folder.appendingPathComponent("large.out").path
        let requests = folder.appendingPathComponent("api.http").path

        var pairs = [
            Pair(
                name: "ferry send, small GET", peer: "curl", target: 1.2,
                ferry: [ferry, "send", requests + "#small", "--env", "local"],
                other: ["curl", "-s", "\(server.baseURL)/small"]),
            Pair(
                name: "ferry send -o FILE, 50 MB", peer: "curl -o", target: 1.0,
                ferry: [ferry, "send", requests + "#large", "--env", "local", "-o", output],
                other: ["curl", "-s", "-o", output, "\(server.baseURL)/large"]),
        ]
        if let json = try largeJSON(in: folder) {
            pairs.append(
                Pair(
                    name: "ferry json FILE, 50 MB pretty", peer: "jq", target: 0.1, ferry: [ferry, "json", json],
                    other: ["jq", ".", json]))
        }
        let grpc = try grpcPair(ferry: ferry, folder: folder, floor: pairs[0].ferry)
        defer { grpc?.server.stop() }
        if let grpc { pairs.append(grpc.pair) }
        for pair in pairs {
            // Warm-up: the page cache, the dynamic loader's, the workspace's `.ferry/` state.
            _ = try TimedRun(pair.ferry)
            _ = try TimedRun(pair.other)
            if let before { _ = try TimedRun(pair.replacingFerry(with: before)) }
        }
        for _ in 0..<runs {
            for index in pairs.indices {
                pairs[index].ferryRuns.append(try TimedRun(pairs[index].ferry))
                pairs[index].otherRuns.append(try TimedRun(pairs[index].other))
                if let before {
                    pairs[index].beforeRuns.append(try TimedRun(pairs[index].replacingFerry(with: before)))
                }
            }
        }
        return pairs.map(\.row)
    }

    /// One contender against its peer and their runs.
    struct Pair {
        var name: String
        var peer: String
        /// The highest acceptable ratio of Ferry's median wall time to the peer's.
        var target: Double
        var ferry: [String]
        var other: [String]
        var ferryRuns: [TimedRun] = []
        var otherRuns: [TimedRun] = []
        /// Runs of the older `ferry` (`FERRY_BENCH_BEFORE`), if one was given.
        var beforeRuns: [TimedRun] = []

        /// Ferry's command line run by the binary at `path`.
        func replacingFerry(with path: String) -> [String] { [path] + ferry.dropFirst() }

        var row: BenchRow {
            let (wall, otherWall) = (median(ferryRuns.map(\.wall)), median(otherRuns.map(\.wall)))
            let (peak, otherPeak) = (median(ferryRuns.map(\.peak)), median(otherRuns.map(\.peak)))
            let ratio = wall / max(otherWall, 1e-9)
            let earlier =
                beforeRuns.isEmpty
                ? ""
                : String(
                    format: "; before: %.1f ms, peak %.1f MB", median(beforeRuns.map(\.wall)) * 1000,
                    median(beforeRuns.map(\.peak)) / 1e6)
            return BenchRow(
                suite: HeadlessBench.name,
                name: "\(name) (whole process, median of \(HeadlessBench.runs))",
                value: String(format: "%.1f ms, peak %.1f MB", wall * 1000, peak / 1e6),
                comparison: String(
                    format: "%.2fx %@'s time (%.1f ms), %.2fx its peak (%.1f MB); target %@", ratio, peer,
                    otherWall * 1000, peak / max(otherPeak, 1), otherPeak / 1e6,
                    target < 1 ? String(format: "%.0fx faster", 1 / target) : String(format: "≤ %.1fx", target))
                    + earlier,
                meetsTarget: ratio <= target)
        }

        private func median(_ values: [Double]) -> Double { AppBench.median(values) }
    }

    /// The release `ferry`: the static build `make run` uses, else the one beside this benchmark.
    static func ferryBinary() throws -> String {
        let candidates = [URL(fileURLWithPath: ".build/static/release/ferry").path, FerryProcess.executableURL.path]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw LaunchBenchError("no ferry binary (build the ferry product first)")
        }
        return found
    }

    /// A JSON array of about 50 MB made of the corpus's benchmark files over and over; `nil` without the
    /// corpus.
    static func largeJSON(in folder: URL) throws -> String? {
        guard let corpus = corpusDirectory() else { return nil }
        let bench = corpus.appendingPathComponent("json/bench")
        let names = ["twitter.json", "citm_catalog.json", "canada.json", "github_events.json", "mesh.json"]
        let parts = try names.map { try Data(contentsOf: bench.appendingPathComponent($0)) }
        var text = Data("[".utf8)
        var index = 0
        while text.count < largeSize {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            text.append(parts[index % parts.count])
            index += 1
        }
        text.append(UInt8(ascii: "]"))
        let url = folder.appendingPathComponent("large.json")
        try text.write(to: url)
        return url.path
    }
}
