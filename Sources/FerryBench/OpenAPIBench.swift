import FerryImport
import FerryWorkbench
import FerryYAML
import Foundation

/// `FerryBench openapi`: YAMLReader on the corpus's largest YAML description against PyYAML's
/// `safe_load` (C loader when built in, timed inside python3, so startup is not counted), and the whole
/// OpenAPI import of each corpus description.
///
/// Target: the YAML reader at least 2x PyYAML.
enum OpenAPIBench: BenchSuite {
    static let name = "openapi"

    static func run() throws -> [BenchRow] {
        guard let corpus = corpusDirectory() else { return [] }
        let folder = corpus.appendingPathComponent("openapi")
        let specs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".md") }
            .sorted().map { folder.appendingPathComponent($0) }
        var rows: [BenchRow] = []
        let yamlFiles = specs.filter { $0.pathExtension == "yml" || $0.pathExtension == "yaml" }
        if let largest = try yamlFiles.max(by: { try Data(contentsOf: $0).count < Data(contentsOf: $1).count }) {
            rows.append(try yamlRow(largest))
        }
        for spec in specs {
            let bytes = try [UInt8](Data(contentsOf: spec))
            var requests = 0
            let seconds = try best(of: 5) {
                requests = try OpenAPIImporter.read(bytes, fileName: spec.lastPathComponent).requestCount
            }
            rows.append(
                BenchRow(
                    suite: name, name: "import \(spec.lastPathComponent)",
                    value: String(format: "%.1f ms", seconds * 1000),
                    comparison: String(format: "%d requests, %.1f MB/s", requests, Double(bytes.count) / 1e6 / seconds),
                    meetsTarget: nil))
        }
        return rows
    }

    /// YAMLReader against PyYAML on `file`.
    static func yamlRow(_ file: URL) throws -> BenchRow {
        let bytes = try [UInt8](Data(contentsOf: file))
        let megabytes = Double(bytes.count) / 1e6
        let ours = try best(of: 5) { _ = try YAMLReader.read(bytes) }
        let python = pyYAMLSeconds(file)
        let comparison =
            python.map {
                String(format: "PyYAML %@ %.2f MB/s (%.1fx)", $0.loader, megabytes / $0.seconds, $0.seconds / ours)
            }
            ?? "PyYAML n/a"
        return BenchRow(
            suite: name, name: "YAMLReader \(file.lastPathComponent)",
            value: String(format: "%.1f MB/s", megabytes / ours),
            comparison: comparison, meetsTarget: python.map { $0.seconds / ours >= 2 })
    }

    /// PyYAML's best of three `safe_load` times for `file`, and which loader it used.
    static func pyYAMLSeconds(_ file: URL) -> (seconds: Double, loader: String)? {
        let script = """
            import sys, time, yaml
            loader = getattr(yaml, 'CSafeLoader', None)
            name = 'C' if loader else 'pure'
            loader = loader or yaml.SafeLoader
            text = open(sys.argv[1], 'rb').read()
            best = min((lambda s: (yaml.load(text, Loader=loader), time.perf_counter() - s)[1])(time.perf_counter()) for _ in range(3))
            print(best, name)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let words = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard process.terminationStatus == 0, words.count == 2, let seconds = Double(words[0]) else { return nil }
        return (seconds, words[1].trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The best time of `count` runs of `body`.
    static func best(of count: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<count { best = min(best, try measureSeconds(body)) }
        return best
    }
}
