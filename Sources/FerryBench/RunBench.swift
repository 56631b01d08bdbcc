import FerryScript
import FerryTestSupport
import FerryWorkbench
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `make bench run`: `ferry run` as a user runs it, whole processes against the loopback server: one file of
/// 100 requests without scripts and with a handler per request (`client.test` + `client.global.set`), in
/// turn (A B A B …) so both see the same load; what the first script adds to a one-request run; the engine
/// in this process (first script, then per handler); and `ferry --version` and a `ferry send` without
/// scripts, to set beside the figures recorded before scripts existed.
enum RunBench: BenchSuite {
    static let name = "run"
    static let runs = 11
    static let requests = 100
    /// Handlers timed in this process after the first.
    static let handlers = 1000

    static func run() throws -> [BenchRow] {
        let ferry = try binary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-run-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/item", responding: .json(#"{"ok":true,"token":"t-1","items":[1,2,3]}"#))
        let handler = """
            > {%
              client.test("ok", () => client.assert(response.status === 200, "status"));
              client.global.set("token", response.body.token);
            %}
            """
        try write(folder, "http-client.env.json", #"{"local": {"host": "\#(server.baseURL)"}}"#)
        try write(folder, "plain.http", file(count: requests, handler: nil))
        try write(folder, "handlers.http", file(count: requests, handler: handler))
        try write(folder, "one-plain.http", file(count: 1, handler: nil))
        try write(folder, "one-handler.http", file(count: 1, handler: handler))
        let command = { (file: String) in [ferry, "run", folder.appendingPathComponent(file).path, "--env", "local"] }
        let variants = [
            command("plain.http"), command("handlers.http"), command("one-plain.http"), command("one-handler.http"),
            [ferry, "--version"],
            [ferry, "send", folder.appendingPathComponent("one-plain.http").path, "--env", "local"],
        ]
        // Warm-up: the page cache, `.ferry/` state.
        for variant in variants { _ = try SpawnedProcess.measured(variant) }
        var walls = Array(repeating: [Double](), count: variants.count)
        for _ in 0..<runs {
            for (index, variant) in variants.enumerated() {
                walls[index].append(try SpawnedProcess.measured(variant).seconds)
            }
        }
        let median = walls.map { AppBench.median($0) }
        let engine = engineTimes()
        return rows(median: median, engine: engine)
    }

    /// The table's rows from the medians (in the order of the variants) and the in-process engine times.
    private static func rows(median: [Double], engine: (first: Double, each: Double)) -> [BenchRow] {
        let (plain, withHandlers, onePlain, oneHandler, version, send) =
            (median[0], median[1], median[2], median[3], median[4], median[5])
        let perHandler = (withHandlers - plain) / Double(requests)
        let added = oneHandler - onePlain
        let of = "(whole process, median of \(runs))"
        return [
            BenchRow(
                suite: name, name: "ferry run, \(requests) requests, no scripts \(of)",
                value: String(format: "%.0f requests/s", Double(requests) / plain),
                comparison: String(format: "%.1f ms in all", plain * 1000), meetsTarget: nil),
            BenchRow(
                suite: name, name: "ferry run, \(requests) requests, a handler each \(of)",
                value: String(format: "%.0f requests/s", Double(requests) / withHandlers),
                comparison: String(
                    format: "%.1f ms in all; %.2f ms per handler over the run without", withHandlers * 1000,
                    perHandler * 1000),
                meetsTarget: nil),
            BenchRow(
                suite: name, name: "ferry run, 1 request: what its handler adds \(of)",
                value: String(format: "%.1f ms", added * 1000),
                comparison: String(
                    format: "target < 20 ms (%.1f ms with, %.1f ms without)", oneHandler * 1000, onePlain * 1000),
                meetsTarget: added < 0.020),
            BenchRow(
                suite: name, name: "engine, first script (dlopen, context, API; in process)",
                value: String(format: "%.1f ms", engine.first * 1000), comparison: "target < 20 ms",
                meetsTarget: engine.first < 0.020),
            BenchRow(
                suite: name, name: "engine, per handler after (mean of \(handlers); in process)",
                value: String(format: "%.3f ms", engine.each * 1000), comparison: "target < 0.2 ms",
                meetsTarget: engine.each < 0.0002),
            BenchRow(
                suite: name, name: "ferry --version \(of)", value: String(format: "%.1f ms", version * 1000),
                comparison: "docs/benchmarks.md, launch: 8.0 ms (hyperfine)", meetsTarget: nil),
            BenchRow(
                suite: name, name: "ferry send, small GET, no scripts \(of)",
                value: String(format: "%.1f ms", send * 1000),
                comparison: "docs/benchmarks.md, headless: 26.2 ms (median of 11)", meetsTarget: nil),
        ]
    }

    /// A `.http` file of `count` GETs of `/item`, each followed by `handler` when given.
    private static func file(count: Int, handler: String?) -> String {
        (1...count).map { "### item \($0)\nGET {{host}}/item?n=\($0)\n" + (handler.map { "\n" + $0 + "\n" } ?? "") }
            .joined(separator: "\n")
    }

    private static func write(_ folder: URL, _ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// The first handler's time in a fresh runner (JavaScriptCore opened, the context made and the API
    /// installed) and the mean of ``handlers`` after it, as `ferry run` calls them.
    private static func engineTimes() -> (first: Double, each: Double) {
        let runner = ScriptRunner()
        let request = ScriptRequestFacts(method: "GET", rawURL: "http://127.0.0.1/item")
        let response = ScriptResponseFacts(
            status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"token":"t-1"}"#.utf8))
        let script = Script(
            source: """
                client.test("ok", () => client.assert(response.status === 200, "status"));
                client.global.set("token", response.body.token);
                """, origin: ScriptOrigin(path: "bench.http"))
        let globals = ScriptGlobals()
        let clock = ContinuousClock()
        let first = clock.measure {
            _ = runner.runHandler(script, request: request, response: response, globals: globals)
        }
        let rest = clock.measure {
            for _ in 0..<handlers {
                _ = runner.runHandler(script, request: request, response: response, globals: globals)
            }
        }
        return (AppBench.seconds(first), AppBench.seconds(rest) / Double(handlers))
    }

    /// The release `ferry`: the static build `make run` uses, else the one beside this benchmark.
    private static func binary() throws -> String {
        let candidates = [URL(fileURLWithPath: ".build/static/release/ferry").path, FerryProcess.executableURL.path]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw LaunchBenchError("no ferry binary (build the ferry product first)")
        }
        return found
    }
}
