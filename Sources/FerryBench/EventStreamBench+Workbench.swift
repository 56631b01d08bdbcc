import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension EventStreamBench {
    /// Runs of each whole process.
    static let processRuns = 5

    /// The stream at `path` of `server` (``count`` events) three ways in one run: sent from the workbench
    /// (in process, on an 80×24 in-memory terminal, the curl transport), events per second from the first frame
    /// that shows events to the frame that shows the last; `ferry send --events` to `/dev/null` and `curl -N`
    /// to `/dev/null`, whole processes (start to exit) in turn, medians of ``processRuns``.
    static func workbenchRows(server: TestHTTPServer, path: String) throws -> [BenchRow] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-sse-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let requests = root.appendingPathComponent("sse.http")
        try Data("### Events\n# @name sse\nGET {{host}}\(path)\n".utf8).write(to: requests)
        try Data("{\"local\": {\"host\": \"\(server.baseURL)\"}}".utf8)
            .write(to: root.appendingPathComponent("http-client.env.json"))
        let transport = CurlTransport()
        defer { transport.shutdown() }

        var shown: [Double] = []
        for _ in 0..<3 {
            let app = try AppBench.Running(root: root, transport: transport)
            try app.waitSettled(inputs: 0)
            shown.append(try eventsPerSecondShown(by: app))
            try app.quit()
        }
        let ferry = try HeadlessBench.ferryBinary()
        let send = [ferry, "send", requests.path + "#sse", "--env", "local", "--events"]
        let curl = ["curl", "-s", "-N", server.baseURL + path]
        _ = try TimedRun(send)
        _ = try TimedRun(curl)
        var sends: [Double] = []
        var curls: [Double] = []
        for _ in 0..<processRuns {
            sends.append(try TimedRun(send).wall)
            curls.append(try TimedRun(curl).wall)
        }
        let workbench = shown.max() ?? 0
        let sent = Double(count) / AppBench.median(sends)
        let curled = Double(count) / AppBench.median(curls)
        return [
            BenchRow(
                suite: name, name: "\(count / 1000)k events shown in the workbench (first to last shown, best of 3)",
                value: "\(Int(workbench)) events/s",
                comparison: String(
                    format: "%.2fx ferry send --events, %.2fx curl -N (same stream, same run)", workbench / sent,
                    workbench / curled), meetsTarget: nil),
            BenchRow(
                suite: name,
                name:
                    "\(count / 1000)k events, ferry send --events > /dev/null (whole process, median of \(processRuns))",
                value: "\(Int(sent)) events/s",
                comparison: String(format: "%.2fx curl -N's rate (%.0f events/s)", sent / curled, curled),
                meetsTarget: nil),
        ]
    }

    /// Sends the app's open request and watches the frames: events per second between the first frame that
    /// shows events and the one that shows all ``count``.
    private static func eventsPerSecondShown(by app: AppBench.Running) throws -> Double {
        app.backend.enqueue([.key(KeyEvent.control("r"))])
        let deadline = ContinuousClock.now + .seconds(120)
        var first: (count: Int, time: ContinuousClock.Instant)?
        while true {
            let seen = app.probe.eventsShown
            let now = ContinuousClock.now
            if first == nil, seen > 0 { first = (seen, now) }
            if seen >= count, let first {
                guard seen > first.count else { throw BenchFailure("every event was shown in one frame") }
                return Double(seen - first.count) / AppBench.seconds(now - first.time)
            }
            if now > deadline { throw BenchFailure("the workbench showed \(seen) of \(count) events") }
            usleep(50)
        }
    }
}
