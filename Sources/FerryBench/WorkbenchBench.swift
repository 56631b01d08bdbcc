import FerryWorkbench
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Workspace loading: a generated workspace of 10,000 requests in 1,000 files (100 folders of 10).
///
/// Targets: under 300 ms to load, under 100 MB peak RSS. The RSS is measured on `ferry list`
/// run as its own process (so other suites' allocations don't count), which also times the
/// whole user-visible path: start, load, print 10,000 lines.
enum WorkbenchBench: BenchSuite {
    static let name = "workbench"
    static let folders = 100
    static let filesPerFolder = 10
    static let requestsPerFile = 10

    static func run() throws -> [BenchRow] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try generate(at: root)
        let total = folders * filesPerFolder * requestsPerFile

        var loaded = 0
        var times: [Double] = []
        let cpuBefore = cpuSeconds()
        for _ in 0..<7 {
            times.append(
                try measureSeconds {
                    let workspace = try Workspace.load(at: root)
                    loaded = workspace.requests.count
                })
        }
        guard loaded == total else { throw WorkspaceError.noSuchItem("expected \(total) requests, loaded \(loaded)") }
        let cpu = (cpuSeconds() - cpuBefore) / Double(times.count) * 1000
        let median = times.sorted()[times.count / 2] * 1000
        var rows = [
            BenchRow(
                suite: name, name: "load 10,000 requests in 1,000 files (median of 7)",
                value: String(format: "%.0f ms", median),
                comparison: String(format: "target < 300 ms; CPU %.0f ms per load (all threads)", cpu),
                meetsTarget: median < 300)
        ]

        if let (seconds, peak) = try runList(root) {
            let megabytes = Double(peak) / 1_000_000
            rows.append(
                BenchRow(
                    suite: name, name: "ferry list on it (own process): peak RSS",
                    value: String(format: "%.1f MB", megabytes),
                    comparison: String(format: "target < 100 MB; wall %.0f ms", seconds * 1000),
                    meetsTarget: megabytes < 100))
        }
        return rows
    }

    /// Writes the generated workspace: realistic requests with names, headers, variables and JSON bodies.
    static func generate(at root: URL) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(#"{ "bench": { "host": "http://127.0.0.1:1" } }"#.utf8)
            .write(to: root.appendingPathComponent("http-client.env.json"))
        for folder in 0..<folders {
            let folderURL = root.appendingPathComponent("area-\(folder)")
            try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
            for file in 0..<filesPerFolder {
                var text = "@base = {{host}}/area-\(folder)/resource-\(file)\n\n"
                for request in 0..<requestsPerFile {
                    if request % 2 == 0 {
                        text += """
                            ### Get item \(request)
                            # @name get-\(request)
                            GET {{base}}/items/\(request)?expand=true
                            Accept: application/json
                            Authorization: Bearer {{token}}


                            """
                    } else {
                        text += """
                            ### Create item \(request)
                            # @name create-\(request)
                            # @timeout 10 s
                            POST {{base}}/items
                            Content-Type: application/json

                            {
                              "name": "item \(request)",
                              "tags": ["a", "b"],
                              "count": \(request)
                            }

                            > {% client.global.set("id", response.body.id) %}


                            """
                    }
                }
                try Data(text.utf8).write(to: folderURL.appendingPathComponent("resource-\(file).http"))
            }
        }
    }

    /// User plus system CPU seconds used by this process so far (all threads).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    /// Runs the release `ferry list` beside this binary; returns wall seconds and peak RSS in bytes.
    static func runList(_ root: URL) throws -> (Double, Int)? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("ferry")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return nil }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["list", root.path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        var seconds = 0.0
        seconds = try measureSeconds {
            try process.run()
            process.waitUntilExit()
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return (seconds, Int(usage.ru_maxrss) * 1024)
    }
}
