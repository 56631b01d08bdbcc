import FerryJSON
import Foundation

/// glibc's `mallopt` (in `<malloc.h>`, which the Glibc module does not export).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// `M_MMAP_THRESHOLD` from `<malloc.h>`.
private let mmapThresholdParameter: Int32 = -3

/// `FerryBench json`: parse + tree for each corpus file and a generated 50 MB file, against
/// JSONSerialization (same binary) and `jq .` (whole process), with peak memory per parsed document.
///
/// Targets: at least 3x JSONSerialization, at least 5x jq, peak memory under 4x the document's size.
enum JSONBench: BenchSuite {
    static let name = "json"

    static func run() throws -> [BenchRow] {
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--peak-of"), flag + 1 < arguments.count {
            reportPeakAndExit(arguments[flag + 1], withTree: arguments.contains("--tree"))
        }
        var files: [URL] = []
        if let corpus = corpusDirectory() {
            let folder = corpus.appendingPathComponent("json/bench")
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
                .sorted().map { folder.appendingPathComponent($0) }
        }
        let generated = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-bench-50mb.json")
        try Data(generatedDocument(bytes: 50_000_000)).write(to: generated)
        defer { try? FileManager.default.removeItem(at: generated) }
        files.append(generated)

        var rows: [BenchRow] = []
        for file in files {
            let measurement = try measure(file)
            rows.append(measurement.row(name: file == generated ? "generated-50MB.json" : file.lastPathComponent))
        }
        return rows
    }

    // MARK: - One file

    struct Measurement {
        var megabytes: Double
        var ferrySeconds: Double
        var foundationSeconds: Double
        var jqSeconds: Double?
        var documentPeakRatio: Double
        var peakRatio: Double

        func row(name: String) -> BenchRow {
            let foundationRatio = foundationSeconds / ferrySeconds
            let jqRatio = jqSeconds.map { $0 / ferrySeconds }
            let jqText =
                jqSeconds.map { String(format: "jq %.0f MB/s (%.1fx)", megabytes / $0, $0 / ferrySeconds) } ?? "jq n/a"
            let foundationText = String(
                format: "JSONSerialization %.0f MB/s (%.1fx)", megabytes / foundationSeconds, foundationRatio)
            // Resident-set accounting is too coarse (pages, per-thread counters) for files under 250 KB.
            let memoryMeasured = megabytes >= 0.25
            let memoryText =
                memoryMeasured
                ? String(format: "peak mem %.2fx size (%.2fx with tree)", documentPeakRatio, peakRatio)
                : "peak mem n/a (<250 KB)"
            return BenchRow(
                suite: JSONBench.name, name: "parse+tree \(name)",
                value: String(format: "%.0f MB/s", megabytes / ferrySeconds),
                comparison: foundationText + ", " + jqText + ", " + memoryText,
                meetsTarget: foundationRatio >= 3 && (jqRatio ?? 5) >= 5 && (!memoryMeasured || documentPeakRatio < 4))
        }
    }

    static func measure(_ file: URL) throws -> Measurement {
        let data = try Data(contentsOf: file)
        let megabytes = Double(data.count) / 1_000_000
        let repetitions = data.count > 20_000_000 ? 2 : 5
        var ferry = Double.infinity
        var foundation = Double.infinity
        var rows = 0
        let bytes = [UInt8](data)
        for _ in 0..<repetitions {
            ferry = min(
                ferry,
                try measureSeconds {
                    let tree = JSONTree(document: try JSONDocument(parsing: bytes))
                    rows = tree.visibleRowCount
                })
            foundation = min(foundation, try measureSeconds { _ = try JSONSerialization.jsonObject(with: data) })
        }
        precondition(rows > 0)
        var jq: Double?
        if let jqPath = executable(named: "jq") {
            jq = try (0..<min(repetitions, 3)).map { _ in try runJQ(jqPath, on: file) }.min()
        }
        return Measurement(
            megabytes: megabytes, ferrySeconds: ferry, foundationSeconds: foundation, jqSeconds: jq,
            documentPeakRatio: try peakRatio(file, withTree: false), peakRatio: try peakRatio(file, withTree: true))
    }

    /// Peak resident memory added by reading and parsing `file` (and building its tree), over its size,
    /// measured in a fresh child process (`FerryBench json --peak-of FILE [--tree]`) so that memory the
    /// allocator kept from earlier measurements hides nothing.
    static func peakRatio(_ file: URL, withTree: Bool) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        process.arguments = ["json", "--peak-of", file.path] + (withTree ? ["--tree"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("peak-ratio ") }),
            let ratio = Double(line.split(separator: " ")[1])
        else { throw BenchFailure(description: "no peak from the child for \(file.lastPathComponent)") }
        return ratio
    }

    /// The child side of ``peakRatio(_:withTree:)``: prints `peak-ratio R` and exits.
    static func reportPeakAndExit(_ path: String, withTree: Bool) -> Never {
        // Warm up the runtime, the parser and the file read so that their one-time allocations are in the baseline.
        // (a first pass over the same file faults in every code page the measured pass will touch; with a low
        // mmap threshold its buffers go back to the kernel when freed, and the peak is reset after it).
        _ = mallopt(mmapThresholdParameter, 16 * 1024)
        if let bytes = readFile(path), let document = try? JSONDocument(parsing: bytes) {
            _ = JSONTree(document: document).visibleRowCount
        }
        _ = (currentResidentBytes(), peakResidentBytes())
        resetPeakResident()  // forget the warm-up pass's peak
        let baseline = currentResidentBytes()
        guard let bytes = readFile(path) else {
            print("error cannot read \(path)")
            exit(0)
        }
        do {
            let document = try JSONDocument(parsing: bytes)
            let count = withTree ? JSONTree(document: document).visibleRowCount : document.nodeCount
            let ratio = Double(max(0, peakResidentBytes() - baseline)) / Double(max(1, bytes.count))
            print("peak-ratio \(ratio) nodes \(count)")
        } catch {
            print("error \(error)")
        }
        exit(0)
    }

    /// The whole file read straight into an array (no intermediate `Data` copy).
    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        guard fseek(file, 0, SEEK_END) == 0 else { return nil }
        let size = ftell(file)
        guard size >= 0, fseek(file, 0, SEEK_SET) == 0 else { return nil }
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = fread(buffer.baseAddress, 1, size, file)
        }
    }

    /// A measurement that could not be taken.
    struct BenchFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func runJQ(_ path: String, on file: URL) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [".", file.path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        return try measureSeconds {
            try process.run()
            process.waitUntilExit()
        }
    }

    // MARK: - Helpers

    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Resets VmHWM to the current resident size (Linux: `5` written to `/proc/self/clear_refs`).
    static func resetPeakResident() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        handle.write(Data("5".utf8))
        try? handle.close()
    }

    static func currentResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        return 0
    }

    /// A deterministic JSON document of about `bytes` bytes: an array of API-style records with strings
    /// (some escaped, some non-ASCII), integers, decimals, booleans, nulls, nested objects and arrays.
    static func generatedDocument(bytes target: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(target + 1024)
        output.append(UInt8(ascii: "["))
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let words = ["ferry", "dock", "harbour", "tide", "Ångström", "東京", "line\\nbreak", "quote\\\"d", "pier"]
        var index = 0
        while output.count < target {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            let word = words[Int(next() % UInt64(words.count))]
            let record = """
                {"id":\(index),"name":"\(word) \(next() % 10_000)","active":\(next() % 2 == 0),\
                "score":\(next() % 1000).\(next() % 100),"owner":{"login":"user\(next() % 5000)","site_admin":false,\
                "avatar":null},"tags":["\(word)","t\(next() % 50)"],"counts":[\(next() % 100),\(next() % 1000),\(next() % 7)]}
                """
            output.append(contentsOf: record.utf8)
            index += 1
        }
        output.append(UInt8(ascii: "]"))
        return output
    }
}
