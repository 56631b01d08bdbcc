import FerryHTTP
import Foundation

/// One measured row of `make bench`: what was measured, the figure, and how it compares.
struct BenchRow {
    /// The area, such as `json` or `http`.
    var suite: String
    /// What was measured, such as `parse canada.json`.
    var name: String
    /// The figure with its unit, such as `412 MB/s`.
    var value: String
    /// The comparison with a peer measured in the same run, or the target, such as `4.1x JSONSerialization`.
    var comparison: String
    /// Whether the target was met; `nil` when the row has no target.
    var meetsTarget: Bool?
}

/// A group of measurements for one module; each lives in its own file.
protocol BenchSuite {
    /// The suite's name, as given to `ferry-bench NAME`.
    static var name: String { get }
    /// Runs the measurements and returns their rows.
    static func run() throws -> [BenchRow]
}

/// Prints rows as one aligned table.
func printTable(_ rows: [BenchRow]) {
    let header = ["suite", "measurement", "value", "comparison", "target"]
    let cells = rows.map { row -> [String] in
        let verdict = row.meetsTarget.map { $0 ? "met" : "MISSED" } ?? ""
        return [row.suite, row.name, row.value, row.comparison, verdict]
    }
    let widths = header.indices.map { column in
        ([header[column]] + cells.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ values: [String]) -> String {
        zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
            .joined(separator: "  ")
    }
    print(line(header))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    cells.forEach { print(line($0)) }
}

/// Seconds taken by `body`, measured with a monotonic clock.
func measureSeconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return elapsed.seconds
}

/// The process's peak resident set size in bytes, read from `/proc/self/status` (VmHWM).
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
    return 0
}

/// The folder of the shared corpus: `$FERRY_CORPUS`, else `../shared/corpus` beside the repository.
func corpusDirectory() -> URL? {
    let path = ProcessInfo.processInfo.environment["FERRY_CORPUS"] ?? "../shared/corpus"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        return nil
    }
    return URL(fileURLWithPath: path)
}
