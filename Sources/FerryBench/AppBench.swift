import FerryApp
import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The workbench on an 80×24 in-memory terminal with the real loop and the curl transport:
/// launch to first frame, opening a 50 MB JSON response, keystroke to frame with it open, RSS, idle CPU.
enum AppBench: BenchSuite {
    static let name = "app"

    static func run() throws -> [BenchRow] {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = makeJSON(bytes: 50_000_000)
        server.route(
            "/big", responding: TestResponse(status: 200, headers: [("Content-Type", "application/json")], body: body))
        let root = try workspace(requesting: "big", from: server)
        defer { try? FileManager.default.removeItem(at: root) }
        let transport = CurlTransport()
        defer { transport.shutdown() }
        var rows: [BenchRow] = []

        // Launch to first full frame (load the workspace, build the state, draw 80×24), median of 7.
        var launches: [Double] = []
        for _ in 0..<7 {
            let start = ContinuousClock.now
            let running = try Running(root: root, transport: transport)
            try running.waitSettled(inputs: 0)
            launches.append(seconds(ContinuousClock.now - start))
            try running.quit()
        }
        let launch = median(launches) * 1000
        rows.append(
            BenchRow(
                suite: name, name: "launch to first full frame (80×24, median of 7)",
                value: String(format: "%.1f ms", launch), comparison: "target < 50 ms", meetsTarget: launch < 50))

        // Open a 50 MB JSON response: send, receive over loopback, parse off the loop, first frame of the tree.
        let app = try Running(root: root, transport: transport)
        try app.waitSettled(inputs: 0)
        let rssBefore = residentBytes()
        let openStart = ContinuousClock.now
        try app.press(.key(KeyEvent.control("r")), timeout: .seconds(60))
        let open = seconds(ContinuousClock.now - openStart)
        guard app.probe.isShowingJSONTree else { throw AppBenchError("the 50 MB response did not open as a JSON tree") }
        rows.append(
            BenchRow(
                suite: name, name: "send + receive + parse + show 50 MB JSON",
                value: String(format: "%.2f s", open), comparison: "target < 1 s", meetsTarget: open < 1))

        // Keystroke to frame with it open: arrows, page down, expand and collapse a node in the response pane.
        try app.press(.key(.tab), .key(.tab))
        rows.append(
            try app.keystrokeRow(
                "keystroke to frame, 50 MB JSON open",
                pressing: [.key(.down), .key(.down), .key(.pageDown), .key(.enter), .key(.enter), .key(.up)]))

        let rss = residentBytes()
        rows.append(
            BenchRow(
                suite: name, name: "RSS with the 50 MB response open",
                value: String(format: "%.0f MB", Double(rss) / 1_000_000),
                comparison: String(
                    format: "target < 300 MB (%.0f MB before sending; includes the in-process server's 50 MB body)",
                    Double(rssBefore) / 1_000_000),
                meetsTarget: rss < 300_000_000))

        // CPU at idle: nothing in flight, no input for two seconds.
        let before = cpuSeconds()
        let idleStart = ContinuousClock.now
        usleep(2_000_000)
        let idle = (cpuSeconds() - before) / seconds(ContinuousClock.now - idleStart) * 100
        rows.append(
            BenchRow(
                suite: name, name: "CPU at idle over 2 s (whole process)",
                value: String(format: "%.2f %%", idle), comparison: "target ~0 %", meetsTarget: idle < 1))
        try app.quit()
        rows += try markupRows(transport: transport)
        return rows
    }

    // MARK: - Driving the app

    /// The app running on its own thread over an in-memory terminal.
    final class Running: @unchecked Sendable {
        let backend = InMemoryBackend(width: 80, height: 24)
        let app: WorkbenchApp
        let probe: AppProbe
        private let done = DispatchSemaphore(value: 0)
        private var inputs = 0

        init(root: URL, transport: CurlTransport) throws {
            app = try WorkbenchApp(workspace: root, backend: backend, transport: transport)
            probe = AppProbe(watching: app)
            let app = self.app
            let done = self.done
            Thread {
                try? app.run()
                done.signal()
            }.start()
        }

        func press(_ events: InputEvent..., timeout: Duration = .seconds(10)) throws {
            inputs += events.count
            backend.enqueue(events)
            try waitSettled(inputs: inputs, timeout: timeout)
        }

        func waitSettled(inputs: Int, timeout: Duration = .seconds(10)) throws {
            let deadline = ContinuousClock.now + timeout
            while !probe.isSettled(afterInputs: inputs) {
                if ContinuousClock.now > deadline { throw AppBenchError("the app did not settle:\n\(backend.text)") }
                usleep(20)
            }
        }

        /// Presses `keys` 20 times over, each awaited, and times keystroke to frame (the first round is a
        /// warm-up, not counted): the row `measurement` with the p50 / p95 and the median time drawing the view.
        func keystrokeRow(_ measurement: String, pressing keys: [InputEvent]) throws -> BenchRow {
            var strokes: [Double] = []
            var views: [Double] = []
            for round in 0..<20 {
                for key in keys {
                    let start = ContinuousClock.now
                    try press(key, timeout: .seconds(5))
                    strokes.append(seconds(ContinuousClock.now - start))
                    views.append(seconds(probe.lastViewDuration))
                }
                if round == 0 {
                    strokes.removeAll()
                    views.removeAll()
                }
            }
            strokes.sort()
            let p50 = strokes[strokes.count / 2] * 1000
            let p95 = strokes[strokes.count * 95 / 100] * 1000
            return BenchRow(
                suite: name, name: "\(measurement) (p50 / p95 of \(strokes.count))",
                value: String(format: "%.2f / %.2f ms", p50, p95),
                comparison: String(format: "target < 16 ms (drawing the view: %.2f ms median)", median(views) * 1000),
                meetsTarget: p95 < 16)
        }

        func quit() throws {
            app.stop()
            guard done.wait(timeout: .now() + 10) == .success else { throw AppBenchError("the app did not stop") }
        }
    }

    // MARK: - Helpers

    /// A temporary workspace with one request, `GET {{host}}/NAME` in `NAME.http`, and a `local` environment
    /// whose `host` is `server`.
    static func workspace(requesting name: String, from server: TestHTTPServer) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-app-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("### \(name)\n# @name \(name)\nGET {{host}}/\(name)\n".utf8)
            .write(to: root.appendingPathComponent("\(name).http"))
        try Data("{\"local\": {\"host\": \"\(server.baseURL)\"}}".utf8)
            .write(to: root.appendingPathComponent("http-client.env.json"))
        return root
    }

    /// A JSON array of user records about `bytes` long.
    static func makeJSON(bytes: Int) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 1024)
        out.append(UInt8(ascii: "["))
        var index = 0
        while out.count < bytes {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let record =
                #"{"id":\#(index),"name":"user \#(index)","email":"user\#(index)@example.com","active":\#(index % 2 == 0),"score":\#(Double(index) / 7),"tags":["alpha","beta","gamma"],"address":{"street":"\#(index) Harbour Road","city":"Portsmouth","zip":"PO\#(index % 100)"}}"#
            out.append(contentsOf: record.utf8)
            index += 1
        }
        out.append(UInt8(ascii: "]"))
        return Data(out)
    }

    static func seconds(_ duration: Duration) -> Double {
        duration.seconds
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// The current resident set size (VmRSS), in bytes.
    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        return 0
    }

    /// User plus system CPU time of the process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// A benchmark that could not run.
struct AppBenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
