import FerryHTTP
import FerryWorkbench
import Foundation

/// Prints a run as it goes: a line per request (mark, id, status, time), a line per failed test (name,
/// message, file:line), the file problems on stderr, then the summary. Every line is written whole, through
/// ``TerminalOutput`` (so text from files and servers cannot drive the terminal); with files in parallel a
/// file's lines are held until the file is done, so each file's block stays together.
struct RunPrinter: Sendable {
    /// The marks in front of a request's line.
    struct Marks: Sendable {
        var passed, failed, skipped: String

        /// ✓ ✗ and -, for UTF-8 terminals.
        static let unicode = Marks(passed: "✓", failed: "✗", skipped: "-")
        /// PASS, FAIL and SKIP, for everything else.
        static let ascii = Marks(passed: "PASS", failed: "FAIL", skipped: "SKIP")

        /// The marks for the locale the environment names (`LC_ALL`, `LC_CTYPE`, then `LANG`).
        static func forLocale(_ environment: [String: String]) -> Marks {
            let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            let name = locale?.lowercased() ?? ""
            return name.contains("utf-8") || name.contains("utf8") ? .unicode : .ascii
        }

        func mark(for outcome: RunOutcome) -> String {
            switch outcome {
            case .passed: passed
            case .failed, .transportError, .invalid: failed
            case .skipped: skipped
            }
        }
    }

    /// Where the lines go.
    let output: TerminalOutput
    /// The marks to use.
    let marks: Marks
    /// With files in parallel, how many requests each file has: its lines are held until all of a pass are in.
    let holdsFiles: [String: Int]?
    private var held: [String: [String]] = [:]
    private var heldCounts: [String: Int] = [:]

    init(output: TerminalOutput, marks: Marks, holdsFiles: [String: Int]?) {
        self.output = output
        self.marks = marks
        self.holdsFiles = holdsFiles
    }

    /// Prints (or holds) what `event` says.
    mutating func show(_ event: RunEvent) {
        switch event {
        case .diagnostic(let diagnostic): printError(diagnostic.description)
        case .result(let result):
            let lines = Self.lines(of: result, marks: marks)
            let path = result.runPath
            guard let expected = holdsFiles?[path] else {
                output.writeText(lines.joined())
                return
            }
            let key = Self.heldKey(path, iteration: result.iteration)
            held[key, default: []] += lines
            heldCounts[key, default: 0] += 1
            if heldCounts[key] == expected {
                output.writeText(held.removeValue(forKey: key)?.joined() ?? "")
            }
        }
    }

    /// Prints what is still held (files in run order; those of a report that kept no results by pass and path),
    /// then the summary.
    mutating func finish(_ report: RunReport) {
        for file in report.files {
            let key = Self.heldKey(file.path, iteration: file.results.first?.iteration ?? 0)
            if let lines = held.removeValue(forKey: key) { output.writeText(lines.joined()) }
        }
        for (_, lines) in held.sorted(by: { $0.key < $1.key }) { output.writeText(lines.joined()) }
        held.removeAll()
        output.writeText(Self.summary(of: report))
    }

    /// What a file's held lines are filed under: the file within its pass.
    private static func heldKey(_ path: String, iteration: Int) -> String { "\(iteration)/\(path)" }

    // MARK: - Lines

    /// The lines of one request, each ending in a newline.
    static func lines(of result: RequestRunResult, marks: Marks) -> [String] {
        let mark = marks.mark(for: result.outcome)
        var line = "\(mark) \(result.caseName)"
        if let ranBy = result.ranBy { line += "  (run at \(ranBy.file):\(ranBy.line))" }
        switch result.outcome {
        case .passed, .failed:
            line += "  \(result.status.map(String.init) ?? "-")  \(milliseconds(result.duration))"
        case .transportError:
            line += "  \(result.message ?? "transfer failed")  \(milliseconds(result.duration))"
        case .invalid: line += "  not sent: \(result.message ?? "invalid")"
        case .skipped: line += "  skipped (\(result.message ?? ""))"
        }
        var lines = [line + "\n"]
        if result.outcome == .failed, result.tests.isEmpty, let message = result.message {
            lines.append("    \(message)  \(result.location.file):\(result.location.line)\n")
        }
        for test in result.failedTests {
            let place = test.location ?? result.location
            let message = test.message ?? "failed"
            guard message.contains("\n") else {
                lines.append("    \(marks.failed) \(test.name): \(message)  \(place.file):\(place.line)\n")
                continue
            }
            // A contract's violations, one a line under the test.
            lines.append("    \(marks.failed) \(test.name)  \(place.file):\(place.line)\n")
            lines += message.split(separator: "\n").map { "        \($0)\n" }
        }
        lines += result.log.filter { $0.hasPrefix("warning: ") }.map { "    \($0)\n" }
        return lines
    }

    /// `N passed, N failed, N skipped`, then the latency of the answered requests and the run's time.
    static func summary(of report: RunReport) -> String {
        var text = report.summary + "\n"
        if let latency = report.latency {
            text +=
                "latency: min \(milliseconds(latency.minimum)), median \(milliseconds(latency.median)), "
                + "p95 \(milliseconds(latency.percentile95)); \(String(format: "%.2f", report.duration.seconds)) s in all\n"
        }
        return text
    }

    /// The whole run as text: what `--report text --report-file F` writes.
    static func text(of report: RunReport, marks: Marks) -> String {
        report.diagnostics.map { $0.description + "\n" }.joined()
            + report.results.flatMap { lines(of: $0, marks: marks) }.joined() + summary(of: report)
    }

    /// `12 ms`, or `3.4 ms` under 10 ms.
    static func milliseconds(_ duration: Duration) -> String {
        // Rounded by hand: `String(format:)` goes through Foundation's formatter, a cost on every line of a run.
        let value = duration.seconds * 1000
        guard value < 10 else { return "\(Int(value.rounded(.toNearestOrEven))) ms" }
        let tenths = Int((value * 10).rounded(.toNearestOrEven))
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
