import FerryTestSupport
import Foundation

/// `make bench posting`: the workbench beside Posting (the Python TUI client, from the bench's venv), both in
/// tmux on a 120×40 terminal and driven with the same keys a user presses: launch to the first screen, idle CPU
/// and RSS with it open, a 10 MB JSON response sent and shown, keystroke to changed screen with it open, and
/// (not with `QUICK=1`; one round) a 50 MB
/// response. Each measurement runs Ferry then Posting, round after round.
///
/// Times come from polling `tmux capture-pane`, so they include a few milliseconds of capture and are as fine;
/// both contenders pay the same.
enum PostingBench: BenchSuite {
    static let name = "posting"
    /// Rounds: 3, or `FERRY_BENCH_RUNS` (Posting takes minutes over 10 MB on a loaded machine).
    static let rounds =
        ProcessInfo.processInfo.environment["FERRY_BENCH_RUNS"].flatMap { Int($0) }.map { max($0, 1) } ?? 3

    static func run() throws -> [BenchRow] {
        guard TmuxSession.isAvailable else { return [skipped("tmux is not installed")] }
        guard let venv = ProcessInfo.processInfo.environment["FERRY_BENCH_PEERS"],
            FileManager.default.isExecutableFile(atPath: "\(venv)/bin/posting")
        else { return [skipped("Posting is not installed (run `make bench`: it makes the venv)")] }
        let quick = ProcessInfo.processInfo.environment["QUICK"] == "1"
        let server = try TestHTTPServer()
        defer { server.stop() }
        let sizes = quick ? [10] : [10, 50]
        for megabytes in sizes {
            server.route(
                "/json\(megabytes)",
                responding: TestResponse(
                    headers: [("Content-Type", "application/json")], body: AppBench.makeJSON(bytes: megabytes << 20)))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-posting-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let contenders = try [
            Contender.ferry(try HeadlessBench.ferryBinary(), folder: folder, server: server, sizes: sizes),
            Contender.posting(venv: venv, folder: folder, server: server, sizes: sizes),
        ]
        var results = contenders.map { _ in Results() }
        for round in 0..<rounds {
            for (index, contender) in contenders.enumerated() {
                // Posting takes minutes over 50 MB: that size runs in the first round only.
                for megabytes in sizes where megabytes == 10 || round == 0 {
                    try results[index].measure(contender, megabytes: megabytes)
                }
            }
        }
        return rows(ferry: results[0], posting: results[1], sizes: sizes)
    }

    private static func skipped(_ reason: String) -> BenchRow {
        BenchRow(suite: name, name: "Posting", value: "not measured", comparison: reason, meetsTarget: nil)
    }

    private static func rows(ferry: Results, posting: Results, sizes: [Int]) -> [BenchRow] {
        func row(_ what: String, _ ferry: [Double], _ posting: [Double], unit: Unit) -> BenchRow {
            let (mine, theirs) = (AppBench.median(ferry), AppBench.median(posting))
            return BenchRow(
                suite: name, name: "\(what) (median of \(ferry.count))", value: unit.format(mine),
                comparison: String(
                    format: "Posting %@; Ferry %@", unit.format(theirs), Self.describe(ferry: mine, posting: theirs)),
                meetsTarget: nil)
        }
        var rows = [
            row("launch to first screen", ferry.launch, posting.launch, unit: .milliseconds),
            row("CPU at idle over 2 s, first screen", ferry.idleCPU, posting.idleCPU, unit: .percent),
            row("RSS at idle, first screen", ferry.idleRSS, posting.idleRSS, unit: .megabytes),
        ]
        for megabytes in sizes {
            rows.append(
                row(
                    "send + show a \(megabytes) MB JSON response", ferry.shown[megabytes] ?? [],
                    posting.shown[megabytes] ?? [], unit: .milliseconds))
            rows.append(
                row(
                    "RSS with the \(megabytes) MB response shown", ferry.shownRSS[megabytes] ?? [],
                    posting.shownRSS[megabytes] ?? [], unit: .megabytes))
        }
        rows.append(
            row("keystroke to changed screen, 10 MB open", ferry.keystroke, posting.keystroke, unit: .milliseconds))
        return rows
    }

    /// How much less Ferry takes: `2.5x less` when Posting takes 2.5 times as much, `1.3x more` when it takes
    /// 0.77 times; no ratio when a side measured zero (idle CPU below one clock tick over the window).
    private static func describe(ferry: Double, posting: Double) -> String {
        guard ferry > 0, posting > 0 else { return ferry > 0 ? "more (Posting measured 0)" : "none measured" }
        let ratio = posting / ferry
        return ratio >= 1 ? String(format: "%.1fx less", ratio) : String(format: "%.1fx more", 1 / ratio)
    }

    private enum Unit {
        case milliseconds, percent, megabytes

        func format(_ value: Double) -> String {
            switch self {
            case .milliseconds: String(format: "%.0f ms", value * 1000)
            case .percent: String(format: "%.2f %%", value * 100)
            case .megabytes: String(format: "%.0f MB", value / 1e6)
            }
        }
    }

    /// One contender's measurements, a value per round.
    private struct Results {
        var launch: [Double] = []
        var idleCPU: [Double] = []
        var idleRSS: [Double] = []
        var shown: [Int: [Double]] = [:]
        var shownRSS: [Int: [Double]] = [:]
        var keystroke: [Double] = []

        /// A fresh start of `contender`: first screen, idle, the `megabytes` response, keystrokes (10 MB only).
        mutating func measure(_ contender: Contender, megabytes: Int) throws {
            let app = try TUIDriver(command: contender.command, environment: contender.environment)
            let firstScreen = try app.wait("the first screen", from: app.started, until: contender.isFirstScreen)
            if megabytes == 10 {
                launch.append(firstScreen)
                idleCPU.append(app.idleCPU(over: 2))
                idleRSS.append(app.residentBytes())
            }
            try contender.open(app, megabytes)
            let start = ContinuousClock.now
            try app.send(contender.sendKey)
            shown[megabytes, default: []].append(
                try app.wait("the \(megabytes) MB response", from: start, timeout: .seconds(900)) {
                    contender.isShown($0, megabytes)
                })
            shownRSS[megabytes, default: []].append(app.residentBytes())
            guard megabytes == 10 else { return }
            try contender.focusResponse(app)
            var strokes: [Double] = []
            for key in ["Down", "Down", "Up", "Down", "Up", "Up"] { strokes.append(try app.latency(of: key)) }
            keystroke.append(AppBench.median(strokes))
        }
    }
}

/// How each program is started and driven: the keys a user presses and what the screen shows when it is done.
private struct Contender {
    var command: [String]
    var environment: [String: String] = [:]
    var isFirstScreen: (String) -> Bool
    /// Opens the request for the response of so many megabytes.
    var open: (TUIDriver, Int) throws -> Void
    var sendKey: String
    var isShown: (String, Int) -> Bool
    var focusResponse: (TUIDriver) throws -> Void

    /// The workbench on a workspace with one request per size, in the `local` environment.
    static func ferry(_ binary: String, folder: URL, server: TestHTTPServer, sizes: [Int]) throws -> Contender {
        let root = folder.appendingPathComponent("ferry")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for megabytes in sizes {
            try Data("### big\n# @name big\nGET {{host}}/json\(megabytes)\n".utf8)
                .write(to: root.appendingPathComponent("json\(megabytes).http"))
        }
        try Data(#"{"local": {"host": "\#(server.baseURL)"}}"#.utf8)
            .write(to: root.appendingPathComponent("http-client.env.json"))
        return Contender(
            command: [binary, root.path], environment: ["SWIFT_BACKTRACE": "enable=no"],
            isFirstScreen: { $0.contains("Requests") && $0.contains("Ctrl+R send") },
            open: { app, megabytes in
                // The tree lists json10.http, then json50.http, folded: open the file, then its request.
                try app.send("Home")
                if megabytes != 10 { try app.send("Down") }
                try app.send("Enter", "Down", "Enter")
                try app.wait("the request open") { $0.contains("json\(megabytes).http#big") }
            },
            sendKey: "C-r", isShown: { screen, _ in screen.contains("items") && screen.contains("200") },
            focusResponse: { app in try app.send("Tab", "Tab") })
    }

    /// Posting on a collection of one request per size (its YAML format).
    static func posting(venv: String, folder: URL, server: TestHTTPServer, sizes: [Int]) throws -> Contender {
        let root = folder.appendingPathComponent("posting")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for megabytes in sizes {
            let yaml = "name: json\(megabytes)\nmethod: GET\nurl: \(server.baseURL)/json\(megabytes)\n"
            try Data(yaml.utf8).write(to: root.appendingPathComponent("json\(megabytes).posting.yaml"))
        }
        let config = folder.appendingPathComponent("posting-config")
        return Contender(
            command: ["\(venv)/bin/posting", "--collection", root.path],
            environment: [
                "XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": config.path, "TERM": "tmux-256color",
            ],
            isFirstScreen: { $0.contains("GET json10") && $0.contains("Send") },
            open: { app, megabytes in
                // The URL bar has the focus at launch; Enter in it sends (the collection's requests open with the
                // mouse or the jump keys, which tmux drives unreliably).
                try app.type("\(server.baseURL)/json\(megabytes)")
                try app.wait("the URL typed") { $0.contains("/json\(megabytes)") }
            },
            sendKey: "Enter", isShown: { screen, _ in screen.contains("200 OK") && screen.contains("\"id\": 0") },
            focusResponse: { app in
                // Jump mode (Ctrl+O), then `a`: the response's Body tab; Tab from there focuses the body's text
                // area, where the arrows move the cursor (its footer then offers the pager, F3).
                try app.send("C-o")
                try app.wait("the jump labels") { $0.contains("Press a key to jump") }
                try app.send("a")
                try app.wait("the jump labels gone") { !$0.contains("Press a key to jump") }
                try app.send("Tab")
                try app.wait("the response body focused") { $0.contains("f3 Pager") }
            })
    }
}
