import FerryTestSupport
import Foundation

/// `make bench scale`: Ferry on a workspace of one `.http` file of N named requests (issue 41), as whole processes
/// of the release `ferry` against a loopback server: `ferry list`, `ferry send` of the request in the middle (the
/// first send, which writes `.ferry/ids.json`, and a second one, which reads it), and `ferry run --filter` of that
/// request. Each row gives the wall time, the CPU time (user and system, steadier on a loaded machine), the CPU time a
/// request and the peak memory; the last rows compare the CPU time a request at the largest N with that at the
/// smallest (linear: about 1×).
///
/// N is 10^4, 10^5 and 10^6 (issue 41 names the million); `FERRY_BENCH_SCALE_QUICK=1` leaves the million out.
/// `FERRY_BENCH_BEFORE` names a second `ferry` (an older build) measured beside it, command by command.
enum ScaleBench: BenchSuite {
    static let name = "scale"

    /// The sizes measured, smallest first.
    static var sizes: [Int] {
        [10_000, 100_000]
            + (ProcessInfo.processInfo.environment["FERRY_BENCH_SCALE_QUICK"] == "1" ? [] : [1_000_000])
    }

    /// The commands measured, in the order they run in a fresh workspace.
    enum Command: String, CaseIterable {
        case list = "ferry list"
        case firstSend = "ferry send of the middle request (first: writes ids.json)"
        case send = "ferry send of the middle request (again: reads ids.json)"
        case filteredRun = "ferry run --filter of the middle request"
    }

    static func run() throws -> [BenchRow] {
        var candidates = [(label: "ferry", binary: try RunPaceBench.releaseBinary())]
        if let before = ProcessInfo.processInfo.environment["FERRY_BENCH_BEFORE"] {
            candidates.append((label: "before", binary: before))
        }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/item", responding: .json(#"{"ok":true}"#))
        var rows: [BenchRow] = []
        var seconds: [String: [Int: Double]] = [:]
        for requests in sizes {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-scale-bench-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#"{"local": {"host": "\#(server.baseURL)"}}"#.utf8)
                .write(to: folder.appendingPathComponent("http-client.env.json"))
            try file(requests).write(to: folder.appendingPathComponent("big.http"))
            for candidate in candidates {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(".ferry"))
                for command in Command.allCases {
                    let run = try SpawnedProcess.measured(
                        arguments(command, ferry: candidate.binary, folder: folder, requests: requests))
                    seconds[label(candidate.label, command), default: [:]][requests] = run.cpuSeconds
                    rows.append(row(candidate.label, command, requests: requests, run: run, folder: folder))
                }
            }
        }
        for candidate in candidates {
            for command in Command.allCases {
                rows.append(growthRow(label(candidate.label, command), seconds: seconds))
            }
        }
        return rows
    }

    /// The command line of `command` on the workspace in `folder`.
    private static func arguments(_ command: Command, ferry: String, folder: URL, requests: Int) -> [String] {
        let file = folder.appendingPathComponent("big.http").path
        let middle = "r\(requests / 2)"
        switch command {
        case .list: return [ferry, "list", folder.path]
        case .firstSend, .send: return [ferry, "send", file + "#" + middle, "--env", "local"]
        case .filteredRun: return [ferry, "run", file, "--filter", "#\(middle)", "--env", "local"]
        }
    }

    /// `command` as `label` (`ferry`, `before`) runs it.
    private static func label(_ label: String, _ command: Command) -> String {
        command.rawValue.replacingOccurrences(of: "ferry", with: label)
    }

    /// The row of one measured command; after the first send, the size of `ids.json` too.
    private static func row(
        _ label: String, _ command: Command, requests: Int, run: (seconds: Double, cpuSeconds: Double, peakBytes: Int),
        folder: URL
    ) -> BenchRow {
        var also = ""
        if command == .firstSend {
            let ids = folder.appendingPathComponent(".ferry/ids.json").path
            let size = (try? FileManager.default.attributesOfItem(atPath: ids)[.size] as? Int) ?? 0
            also = String(format: "; ids.json %.1f MB", Double(size) / 1e6)
        }
        return BenchRow(
            suite: name,
            name: "\(Self.label(label, command)), \(requests.formatted()) requests in one file (one run)",
            value: String(
                format: "%.2f s, CPU %.2f s (%.1f µs a request)", run.seconds, run.cpuSeconds,
                run.cpuSeconds / Double(requests) * 1e6),
            comparison: String(format: "peak %.0f MB", Double(run.peakBytes) / 1e6) + also, meetsTarget: nil)
    }

    /// The CPU time a request of `command` at the largest size against the smallest: linear is about 1×; the
    /// target allows 1.5× for the load of a shared machine.
    private static func growthRow(_ command: String, seconds: [String: [Int: Double]]) -> BenchRow {
        let smallest = sizes[0]
        let largest = sizes[sizes.count - 1]
        let small = (seconds[command]?[smallest] ?? 0) / Double(smallest)
        let large = (seconds[command]?[largest] ?? 0) / Double(largest)
        let ratio = small > 0 ? large / small : 0
        return BenchRow(
            suite: name,
            name: "\(command): CPU time a request at \(largest.formatted()) against \(smallest.formatted()) requests",
            value: String(format: "%.2f×", ratio), comparison: "target ≤ 1.5× (linear)", meetsTarget: ratio <= 1.5)
    }

    /// The file: `requests` named GET requests with a header each.
    private static func file(_ requests: Int) -> Data {
        var text = ""
        text.reserveCapacity(requests * 64)
        for number in 0..<requests {
            text += "### r\(number)\nGET {{host}}/item?n=\(number)\nAccept: application/json\n\n"
        }
        return Data(text.utf8)
    }
}
