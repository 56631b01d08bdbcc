import FerryJSON
import Foundation

/// `FerryBench query`: FerryJSON queries on the generated 50 MB document (the one `json` parses), as the
/// workbench's `/` filter runs them on each keystroke (the first 10,000 results on the parsed tape, counting up
/// to 100,000) and as `ferry json --query` runs them (parse, every result, formatted), with `jq` on the same file
/// and query (whole process) as the peer.
enum QueryBench: BenchSuite {
    static let name = "query"

    /// The queries timed, as FerryJSON reads them and as jq does (`nil`: jq has no such query).
    static let queries: [(ferry: String, jq: String?)] = [
        (".[].owner.login", ".[].owner.login"),
        ("..id", "[..|.id?|numbers]|length"),
        (".[] | .tags | length", ".[] | .tags | length"),
        (".[1000:1010]", ".[1000:1010]"),
        ("..", nil),
    ]

    static func run() throws -> [BenchRow] {
        let bytes = JSONBench.generatedDocument(bytes: 50_000_000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-bench-query-50mb.json")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let document = try JSONDocument(parsing: bytes)
        let jq = JSONBench.executable(named: "jq")
        var rows: [BenchRow] = []
        for query in queries {
            var filterSeconds = Double.infinity
            var filterCount = 0
            for _ in 0..<5 {
                filterSeconds = min(
                    filterSeconds, try measureSeconds { filterCount = try firstResults(query.ferry, document) })
            }
            var commandSeconds = Double.infinity
            var outputBytes = 0
            for _ in 0..<2 {
                commandSeconds = min(
                    commandSeconds, try measureSeconds { outputBytes = try command(query.ferry, bytes) })
            }
            var peer = "jq n/a"
            if let jq, let jqQuery = query.jq {
                let seconds = try (0..<2).map { _ in try runJQ(jq, jqQuery, on: file) }.min() ?? 0
                peer = String(format: "jq whole process %.2f s (%.1fx)", seconds, seconds / commandSeconds)
            }
            rows.append(
                BenchRow(
                    suite: name, name: "filter \(query.ferry) (50 MB, first 10,000)",
                    value: String(format: "%.1f ms", filterSeconds * 1000),
                    comparison: "\(filterCount) counted", meetsTarget: nil))
            rows.append(
                BenchRow(
                    suite: name, name: "ferry json -q '\(query.ferry)' (50 MB, parse+all+format)",
                    value: String(format: "%.2f s", commandSeconds),
                    comparison: "\(outputBytes / 1000) KB out, " + peer, meetsTarget: nil))
        }
        return rows
    }

    /// What the workbench's filter does per keystroke: the first 10,000 results, counted up to 100,000.
    static func firstResults(_ query: String, _ document: JSONDocument) throws -> Int {
        try JSONQuery(query).firstResults(in: document, keeping: 10_000, countingUpTo: 100_000).total
    }

    /// What `ferry json --query` does: parse, every result, compact text; the output's size.
    static func command(_ query: String, _ bytes: [UInt8]) throws -> Int {
        let document = try JSONDocument(parsing: bytes)
        let results = try JSONQuery(query).evaluate(in: document, maximumResults: 10_000_000)
        var size = 0
        for result in results {
            switch result {
            case .node(let node): size += document.formattedBytes(.compact, at: node).count + 1
            case .value(let value): size += value.formattedBytes(.compact).count + 1
            }
        }
        return size
    }

    static func runJQ(_ path: String, _ query: String, on file: URL) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", query, file.path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        return try measureSeconds {
            try process.run()
            process.waitUntilExit()
        }
    }
}
