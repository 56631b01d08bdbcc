import Foundation

/// Launch to the first full screen as a user sees it (issue 33): from `tmux new-session` to the first capture of
/// the pane that shows the tree, the editor and the status bar together, polled every 5 ms, against the same
/// harness running a shell script that only prints those markers (tmux's own floor: the session, the pane's
/// shell, an exec and the captures). The contenders run in turn, round after round, and each binary's figure over
/// the floor is the median of its differences from the floor run just before it.
enum FirstScreenBench {
    /// What the first full screen of the launch workspace shows: a tree row, the editor's resolved URL, a status
    /// bar key.
    static let markers = ["└ GET  get", "→ http://127.0.0.1:9/get", "Ctrl+Q quit"]
    static let rounds = 31
    /// The target: the first full screen at most this far over tmux's own floor.
    static let targetOverFloor = 0.015

    /// One row for the floor and one per binary (`(label, path)`), on the workspace at `root`.
    static func rows(binaries: [(String, String)], workspace root: URL, suite: String) throws -> [BenchRow] {
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // The script stays running, as the workbench does: a pane whose program has exited lost its first line or
        // all of its output now and then (`printf` alone), which the floor must not depend on.
        let floorCommand = ["sh", "-c", #"printf '%s\n' "$@"; exec sleep 60"#, "sh", "┏ Requests"] + markers
        _ = try firstScreen(floorCommand, home: home)  // warm-up: the tmux binary and the page cache
        for (_, binary) in binaries { _ = try firstScreen([binary, root.path], home: home) }
        var floors: [Double] = []
        var results = [(times: [Double], overFloor: [Double])](repeating: ([], []), count: binaries.count)
        for _ in 0..<rounds {
            for (index, (_, binary)) in binaries.enumerated() {
                let floor = try firstScreen(floorCommand, home: home)
                let shown = try firstScreen([binary, root.path], home: home)
                floors.append(floor)
                results[index].times.append(shown)
                results[index].overFloor.append(shown - floor)
            }
        }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first
        var rows = [
            BenchRow(
                suite: suite,
                name: "first full screen in tmux, marker script (tmux's floor; median of \(floors.count))",
                value: String(format: "%.1f ms", AppBench.median(floors) * 1000),
                comparison: "load average \(load ?? "?")", meetsTarget: nil)
        ]
        for ((kind, _), result) in zip(binaries, results) {
            let over = AppBench.median(result.overFloor)
            rows.append(
                BenchRow(
                    suite: suite, name: "first full screen in tmux, \(kind) (median of \(rounds))",
                    value: String(format: "%.1f ms", AppBench.median(result.times) * 1000),
                    comparison: String(
                        format: "+%.1f ms over the floor, median of pairs (target ≤ %.0f)", over * 1000,
                        targetOverFloor * 1000),
                    meetsTarget: over <= targetOverFloor))
        }
        return rows
    }

    /// Seconds from starting `command` in a new 80×24 tmux session until one capture shows every marker (the CPU
    /// per start is the pty rows' figure: /proc counts it in 10 ms ticks).
    private static func firstScreen(_ command: [String], home: URL) throws -> Double {
        let driver = try TUIDriver(
            command: command, width: 80, height: 24,
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path])
        return try driver.wait("the first full screen", from: driver.started, every: .milliseconds(5)) { screen in
            markers.allSatisfy { screen.contains($0) }
        }
    }
}
