import FerryTestSupport
import Foundation

/// `make bench peers`: each headless `ferry` command as a whole process beside the tools people use for the same
/// job, all on 127.0.0.1: a small GET against the curl CLI, HTTPie, and one-request Python `requests` and
/// `httpx` scripts; a 50 MB download to a file against the same; pretty-printing 50 MB of JSON against `jq` and
/// `python3 -m json.tool`; `ferry run` of ten requests against one curl process fetching the ten URLs.
///
/// Every command of a group runs in turn in one loop (A B C … A B C …), so all see the same load; each row gives
/// Ferry's median wall time and peak memory beside the peer's and their ratio. The Python peers come from the
/// venv that `scripts/bench.sh` makes (`FERRY_BENCH_PEERS`); without it their rows say so.
enum PeersBench: BenchSuite {
    static let name = "peers"
    /// Runs per command: 9, or `FERRY_BENCH_RUNS` (a few, while trying the bench out).
    static let runs =
        ProcessInfo.processInfo.environment["FERRY_BENCH_RUNS"].flatMap { Int($0) }.map { max($0, 1) } ?? 9

    static func run() throws -> [BenchRow] {
        let ferry = try HeadlessBench.ferryBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-peers-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/small", responding: .json(#"{"ok":true,"items":[1,2,3]}"#))
        server.route(
            "/large",
            responding: TestResponse(
                headers: [("Content-Type", "application/octet-stream")], body: Data(count: HeadlessBench.largeSize)))
        let base = server.baseURL
        let requests = folder.appendingPathComponent("api.http").path
        var file = "### small\n# @name small\nGET {{host}}/small\n\n### large\n# @name large\nGET {{host}}/large\n"
        try Data(file.utf8).write(to: URL(fileURLWithPath: requests))
        file = (0..<10).map { "### r\($0)\nGET {{host}}/small?n=\($0)\n" }.joined(separator: "\n")
        let ten = folder.appendingPathComponent("ten.http").path
        try Data(file.utf8).write(to: URL(fileURLWithPath: ten))
        try Data(#"{"local": {"host": "\#(base)"}}"#.utf8)
            .write(to: folder.appendingPathComponent("http-client.env.json"))
        let output = folder.appendingPathComponent("large.out").path
        let python = Peers(folder: folder)

        var groups = [
            Group(
                name: "small GET", ferry: [ferry, "send", requests + "#small", "--env", "local"],
                peers: [("curl", ["curl", "-s", "\(base)/small"])]
                    + python.httpie(["\(base)/small"]) + python.scripts(get: "\(base)/small")),
            Group(
                name: "50 MB to a file", ferry: [ferry, "send", requests + "#large", "--env", "local", "-o", output],
                peers: [("curl -o", ["curl", "-s", "-o", output, "\(base)/large"])]
                    + python.httpie(["--download", "-o", output, "\(base)/large"])
                    + python.scripts(download: "\(base)/large", to: output)),
            Group(
                name: "ferry run, 10 requests", ferry: [ferry, "run", ten, "--env", "local"],
                peers: [("curl, 10 URLs", ["curl", "-s"] + (0..<10).map { "\(base)/small?n=\($0)" })]),
        ]
        if let json = try HeadlessBench.largeJSON(in: folder) {
            groups.append(
                Group(
                    name: "50 MB JSON pretty", ferry: [ferry, "json", json],
                    peers: [
                        ("jq", ["jq", ".", json]), ("python3 -m json.tool", ["python3", "-m", "json.tool", json]),
                    ]))
        }
        var rows = python.missing.map {
            BenchRow(suite: name, name: $0, value: "not measured", comparison: "run `make bench`", meetsTarget: nil)
        }
        for index in groups.indices { try groups[index].warmUp() }
        for _ in 0..<runs {
            for index in groups.indices { try groups[index].runOnce() }
        }
        rows += groups.flatMap(\.rows)
        return rows
    }

    /// One Ferry command and the peers that do the same job, with their runs.
    private struct Group {
        var name: String
        var ferry: [String]
        var peers: [(name: String, command: [String])]
        var ferryRuns: [TimedRun] = []
        var peerRuns: [[TimedRun]] = []

        init(name: String, ferry: [String], peers: [(name: String, command: [String])]) {
            self.name = name
            self.ferry = ferry
            self.peers = peers
            peerRuns = peers.map { _ in [] }
        }

        /// One unmeasured run of each: the page cache, the loader's, Python's bytecode cache.
        func warmUp() throws {
            _ = try TimedRun(ferry)
            for peer in peers { _ = try TimedRun(peer.command) }
        }

        /// One run of Ferry, then one of each peer.
        mutating func runOnce() throws {
            ferryRuns.append(try TimedRun(ferry))
            for index in peers.indices { peerRuns[index].append(try TimedRun(peers[index].command)) }
        }

        var rows: [BenchRow] {
            let wall = AppBench.median(ferryRuns.map(\.wall))
            let peak = AppBench.median(ferryRuns.map(\.peak))
            return peers.indices.map { index in
                let otherWall = AppBench.median(peerRuns[index].map(\.wall))
                let otherPeak = AppBench.median(peerRuns[index].map(\.peak))
                return BenchRow(
                    suite: PeersBench.name,
                    name: "\(name): ferry vs \(peers[index].name) (whole process, median of \(PeersBench.runs))",
                    value: String(format: "%.1f ms, peak %.1f MB", wall * 1000, peak / 1e6),
                    comparison: String(
                        format: "%.2fx its time (%.1f ms), %.2fx its peak (%.1f MB)", wall / max(otherWall, 1e-9),
                        otherWall * 1000, peak / max(otherPeak, 1), otherPeak / 1e6),
                    meetsTarget: nil)
            }
        }
    }
}

/// The Python peers from the bench's own venv (`FERRY_BENCH_PEERS`), each as the command a user would run.
private struct Peers {
    let venv: String?
    /// HTTPie's configuration folder: its update check off, nothing read from the user's.
    let configFolder: URL
    /// The peers that were asked for but are not installed.
    private(set) var missing: [String] = []

    init(folder: URL) {
        let path = ProcessInfo.processInfo.environment["FERRY_BENCH_PEERS"]
        venv = path.flatMap { FileManager.default.isExecutableFile(atPath: "\($0)/bin/python") ? $0 : nil }
        configFolder = folder.appendingPathComponent("httpie")
        try? FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        try? Data(#"{"disable_update_warnings": true}"#.utf8)
            .write(to: configFolder.appendingPathComponent("config.json"))
        // Inherited by every child: HTTPie reads its config there and never looks for updates.
        setenv("HTTPIE_CONFIG_DIR", configFolder.path, 1)
        if venv == nil { missing = ["HTTPie, requests, httpx (no FERRY_BENCH_PEERS venv)"] }
    }

    /// `http --ignore-stdin ARGUMENTS`.
    func httpie(_ arguments: [String]) -> [(name: String, command: [String])] {
        guard let venv else { return [] }
        return [("HTTPie", ["\(venv)/bin/http", "--ignore-stdin"] + arguments)]
    }

    /// One-request `requests` and `httpx` scripts that print the body of `url`.
    func scripts(get url: String) -> [(name: String, command: [String])] {
        script(
            requests: "import requests,sys; sys.stdout.write(requests.get(sys.argv[1]).text)",
            httpx: "import httpx,sys; sys.stdout.write(httpx.get(sys.argv[1]).text)", arguments: [url])
    }

    /// One-request `requests` and `httpx` scripts that stream the body of `url` into `path`.
    func scripts(download url: String, to path: String) -> [(name: String, command: [String])] {
        script(
            requests: """
                import requests,sys
                with requests.get(sys.argv[1], stream=True) as r, open(sys.argv[2], "wb") as f:
                    for chunk in r.iter_content(262144): f.write(chunk)
                """,
            httpx: """
                import httpx,sys
                with httpx.stream("GET", sys.argv[1]) as r, open(sys.argv[2], "wb") as f:
                    for chunk in r.iter_bytes(262144): f.write(chunk)
                """, arguments: [url, path])
    }

    private func script(requests: String, httpx: String, arguments: [String]) -> [(name: String, command: [String])] {
        guard let venv else { return [] }
        let python = "\(venv)/bin/python"
        return [
            ("requests", [python, "-c", requests] + arguments), ("httpx", [python, "-c", httpx] + arguments),
        ]
    }
}
