import FerryTestSupport
import Foundation

/// `make bench runpace`: `ferry run` against `curl` over the same URLs on nginx on loopback (issue 36), whole
/// processes timed in turn (ferry, curl, ferry, curl …, so both see the same load) and compared pair by pair:
/// 1,000 keep-alive GETs in one file against one `curl -K`; the same with a `client.test` handler each; 16 files
/// of 100 with `--parallel 16` against `curl -Z --parallel-max 16`; the peak memory of a 10,000-request run
/// against a 1,000-request one; and what `ferry run --duration` reaches as a load generator (closed model, 16
/// senders, 5 s, one GET: requests a second). `FERRY_BENCH_BEFORE` names a second `ferry` (an older build) to time
/// beside it.
enum RunPaceBench: BenchSuite {
    static let name = "runpace"
    static let pairs = 7

    static func run() throws -> [BenchRow] {
        let ferry = try releaseBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-runpace-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let nginx = try Nginx(folder: folder.appendingPathComponent("nginx"))
        defer { nginx.stop() }
        let workspace = try Workspace(folder: folder.appendingPathComponent("workspace"), base: nginx.baseURL)
        let curl = { (arguments: [String]) in ["/usr/bin/curl", "-s"] + arguments }
        // The build before issue 36 spent minutes on 10,000 requests (its cost per request grew with the run):
        // it is timed on the 1,000-request rows only, with fewer pairs.
        var candidates = [(label: "ferry", binary: ferry, pairs: pairs, measuresMemory: true)]
        if let before = ProcessInfo.processInfo.environment["FERRY_BENCH_BEFORE"] {
            candidates.append((label: "before", binary: before, pairs: 3, measuresMemory: false))
        }
        var rows: [BenchRow] = []
        for candidate in candidates {
            let run = { (paths: [String], extra: [String]) in
                [candidate.binary, "run"] + paths.map { workspace.root.appendingPathComponent($0).path }
                    + ["--env", "local"] + extra
            }
            let label = candidate.label
            let count = candidate.pairs
            let plain = try paired(run(["plain1000.http"], []), curl(["-K", workspace.config(1000)]), count)
            rows.append(row("\(label) run, 1,000 GETs, one file", plain, target: 1.5, against: "curl -K"))
            let handlers = try paired(run(["handlers1000.http"], []), curl(["-K", workspace.config(1000)]), count)
            rows.append(
                row("\(label) run, 1,000 GETs, a client.test handler each", handlers, target: 2.5, against: "curl -K"))
            let parallel = try paired(
                run(["parallel"], ["--parallel", "16"]),
                curl(["-Z", "--parallel-max", "16", "-K", workspace.config(1600)]), count)
            rows.append(
                row("\(label) run --parallel 16, 16 files × 100 GETs", parallel, target: 1.0, against: "curl -Z"))
            guard candidate.measuresMemory else { continue }
            let memory = try paired(run(["plain10000.http"], []), run(["plain1000.http"], []), count)
            let ratio = memory.peakRatio
            rows.append(
                BenchRow(
                    suite: name,
                    name: "\(label) run, peak memory: 10,000 GETs against 1,000 (median of \(count) pairs)",
                    value: String(format: "%.2f×", ratio),
                    comparison: String(
                        format: "target ≤ 1.2× (%.1f MB against %.1f MB; 10,000 in %.1f s)", memory.a.peak / 1e6,
                        memory.b.peak / 1e6, memory.a.wall),
                    meetsTarget: ratio <= 1.2))
        }
        rows.append(try loadRow(ferry, workspace: workspace))
        return rows
    }

    /// `ferry run --duration 5s --concurrency 16` over one GET: the throughput its JSON report gives.
    private static func loadRow(_ ferry: String, workspace: Workspace) throws -> BenchRow {
        let report = workspace.root.appendingPathComponent("load.json")
        _ = try TimedRun([
            ferry, "run", workspace.root.appendingPathComponent("one.http").path, "--env", "local", "--duration", "5s",
            "--concurrency", "16", "--report", "json", "--report-file", report.path,
        ])
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let load = document?["load"] as? [String: Any]
        let perSecond = load?["throughputPerSecond"] as? Double ?? 0
        let latency = load?["latencyMs"] as? [String: Double] ?? [:]
        return BenchRow(
            suite: name, name: "ferry run --duration 5s --concurrency 16, one GET (load generator)",
            value: String(format: "%.0f requests/s", perSecond),
            comparison: String(
                format: "target ≥ 5,000/s (%d requests, %d errors; p50 %.2f ms, p99 %.2f ms)",
                load?["count"] as? Int ?? 0, load?["errors"] as? Int ?? 0, latency["p50"] ?? 0, latency["p99"] ?? 0),
            meetsTarget: perSecond >= 5000)
    }

    /// `a` and `b` run in turn, `count` times each after one warm-up of each.
    private static func paired(_ a: [String], _ b: [String], _ count: Int) throws -> Pairs {
        _ = try TimedRun(a)
        _ = try TimedRun(b)
        var pairs = Pairs()
        for _ in 0..<count {
            pairs.add(try TimedRun(a), try TimedRun(b))
        }
        return pairs
    }

    private static func row(_ what: String, _ pairs: Pairs, target: Double, against: String) -> BenchRow {
        let ratio = pairs.wallRatio
        return BenchRow(
            suite: name, name: "\(what) (median of \(pairs.runs.count) pairs)",
            value: String(format: "%.0f ms, %.2f× %@", pairs.a.wall * 1000, ratio, against),
            comparison: String(format: "target ≤ %.2g× (%@: %.0f ms)", target, against, pairs.b.wall * 1000),
            meetsTarget: ratio <= target)
    }

    /// Runs of two commands taken in turn.
    private struct Pairs {
        var runs: [(a: TimedRun, b: TimedRun)] = []

        mutating func add(_ a: TimedRun, _ b: TimedRun) { runs.append((a, b)) }

        /// The median of the pairs' wall ratios `a / b`.
        var wallRatio: Double { AppBench.median(runs.map { $0.a.wall / $0.b.wall }) }
        /// The median of the pairs' peak memory ratios `a / b`.
        var peakRatio: Double { AppBench.median(runs.map { $0.a.peak / $0.b.peak }) }
        /// The medians of `a`'s runs.
        var a: (wall: Double, peak: Double) {
            (AppBench.median(runs.map(\.a.wall)), AppBench.median(runs.map(\.a.peak)))
        }
        /// The medians of `b`'s runs.
        var b: (wall: Double, peak: Double) {
            (AppBench.median(runs.map(\.b.wall)), AppBench.median(runs.map(\.b.peak)))
        }
    }

    /// The workspace of the runs and curl's configuration files over the same URLs.
    private struct Workspace {
        let root: URL
        let base: String

        init(folder: URL, base: String) throws {
            root = folder
            self.base = base
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("parallel"), withIntermediateDirectories: true)
            try write("http-client.env.json", #"{"local": {"host": "\#(base)"}}"#)
            let handler =
                "\n> {%\n  client.test(\"ok\", () => client.assert(response.status === 200, \"status\"));\n%}\n"
            try write("plain1000.http", file(1...1000, handler: ""))
            try write("one.http", file(1...1, handler: ""))
            try write("handlers1000.http", file(1...1000, handler: handler))
            try write("plain10000.http", file(1...10000, handler: ""))
            for part in 0..<16 {
                try write("parallel/part\(part).http", file((part * 100 + 1)...(part * 100 + 100), handler: ""))
            }
            for count in [1000, 1600] {
                let lines = (1...count).map { "url = \"\(base)/item?n=\($0)\"\noutput = \"/dev/null\"\n" }
                try write("curl\(count).txt", lines.joined())
            }
        }

        /// The curl configuration of the first `count` URLs.
        func config(_ count: Int) -> String { root.appendingPathComponent("curl\(count).txt").path }

        private func file(_ numbers: ClosedRange<Int>, handler: String) -> String {
            numbers.map { "### item \($0)\nGET {{host}}/item?n=\($0)\n\(handler)" }.joined(separator: "\n")
        }

        private func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: root.appendingPathComponent(name))
        }
    }

    /// nginx on a loopback port with one worker, keep-alive for as many requests as a run sends, no log,
    /// answering every path with a small JSON body.
    private struct Nginx {
        let process: Process
        let baseURL: String

        init(folder: URL) throws {
            guard
                let executable = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(
                    where: FileManager.default.isExecutableFile)
            else { throw LaunchBenchError("no nginx (scripts/install-deps.sh installs it)") }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let port = try LoopbackPort.free()
            let configuration = """
                worker_processes 1;
                daemon off;
                error_log \(folder.path)/error.log;
                pid \(folder.path)/nginx.pid;
                events { worker_connections 1024; }
                http {
                  access_log off;
                  keepalive_requests 100000;
                  client_body_temp_path \(folder.path)/body;
                  proxy_temp_path \(folder.path)/proxy;
                  fastcgi_temp_path \(folder.path)/fastcgi;
                  uwsgi_temp_path \(folder.path)/uwsgi;
                  scgi_temp_path \(folder.path)/scgi;
                  server {
                    listen 127.0.0.1:\(port);
                    location / { default_type application/json; return 200 '{"ok":true,"items":[1,2,3]}'; }
                  }
                }
                """
            let file = folder.appendingPathComponent("nginx.conf")
            try Data(configuration.utf8).write(to: file)
            process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", folder.path, "-c", file.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            baseURL = "http://127.0.0.1:\(port)"
            // Up when curl gets an answer; a bound on the wait only for failure.
            let deadline = ContinuousClock.now + .seconds(60)
            while (try? TimedRun(["/usr/bin/curl", "-sf", "-o", "/dev/null", baseURL + "/"])) == nil {
                guard ContinuousClock.now < deadline, process.isRunning else {
                    stop()
                    throw LaunchBenchError("nginx did not start (see \(folder.path)/error.log)")
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }

        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The release `ferry`: the static build `make run` uses, else the dynamic release build, else the one beside
    /// this benchmark.
    static func releaseBinary() throws -> String {
        let candidates =
            [".build/static/release/ferry", ".build/release/ferry"].map { URL(fileURLWithPath: $0).path }
            + [FerryProcess.executableURL.path]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw LaunchBenchError("no ferry binary (build the ferry product first)")
        }
        return found
    }
}
