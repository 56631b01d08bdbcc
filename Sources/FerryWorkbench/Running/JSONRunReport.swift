import Foundation

/// A run as JSON, for programs. Its shape (times in milliseconds; absent values are `null`):
///
/// ```json
/// { "summary": { "passed": 2, "failed": 1, "transportErrors": 0, "invalid": 0, "skipped": 1,
///                "durationMs": 41.2, "latencyMs": { "min": 3.1, "median": 5.0, "p95": 30.2, "max": 30.2 } },
///   "diagnostics": [ { "file": "a.http", "line": 6, "column": 1, "severity": "error", "message": "…" } ],
///   "files": [ { "path": "a.http", "iteration": 0, "row": null, "requests": [
///       { "id": "a.http#login", "file": "a.http", "line": 2, "method": "POST", "url": "http://…/login",
///         "status": 200, "durationMs": 5.0, "outcome": "passed", "message": null,
///         "tests": [ { "name": "token", "passed": true, "message": null, "file": "a.http", "line": 9 } ],
///         "log": [] } ] } ] }
/// ```
///
/// `outcome` is one of `passed`, `failed`, `transportError`, `invalid`, `skipped`; `latencyMs` is `null`
/// when no request was answered. A data-driven or repeated run (`--data`, `--repeat`) lists each file once per
/// pass: `iteration` counts the passes from 0 and `row` names the pass (`row 2 (alice)`), `null` in a run of
/// one pass. A load run (`--duration`) adds `load` (``JSONLoadSection``), absent otherwise. URLs and messages
/// have their secrets masked.
public struct JSONRunReport: Sendable {
    /// The run.
    public var report: RunReport

    /// The JSON report of `report`.
    public init(_ report: RunReport) {
        self.report = report
    }

    /// The document, pretty-printed with sorted keys, ending in a newline.
    public var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every part is a plain string, number, Bool or optional: encoding cannot fail.
        let data = (try? encoder.encode(Document(report))) ?? Data("{}".utf8)
        return Array(data) + [0x0A]
    }

    // MARK: - Shape

    struct Document: Encodable {
        var summary: Summary
        var diagnostics: [DiagnosticEntry]
        var files: [File]
        var load: JSONLoadSection?

        init(_ report: RunReport) {
            summary = Summary(report)
            load = report.load.map(JSONLoadSection.init)
            diagnostics = report.diagnostics.map(DiagnosticEntry.init)
            files = report.files.map { file in
                File(
                    path: file.path, iteration: file.results.first?.iteration ?? 0, row: file.iterationName,
                    requests: file.results.map(Request.init))
            }
        }
    }

    struct Summary: Encodable {
        var passed, failed, transportErrors, invalid, skipped: Int
        var durationMs: Double
        var latencyMs: Latency?

        init(_ report: RunReport) {
            passed = report.count(.passed)
            failed = report.count(.failed)
            transportErrors = report.count(.transportError)
            invalid = report.count(.invalid)
            skipped = report.count(.skipped)
            durationMs = milliseconds(report.duration)
            latencyMs = report.latency.map(Latency.init)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(passed, forKey: .passed)
            try container.encode(failed, forKey: .failed)
            try container.encode(transportErrors, forKey: .transportErrors)
            try container.encode(invalid, forKey: .invalid)
            try container.encode(skipped, forKey: .skipped)
            try container.encode(durationMs, forKey: .durationMs)
            try container.encode(latencyMs, forKey: .latencyMs)
        }

        enum CodingKeys: String, CodingKey {
            case passed, failed, transportErrors, invalid, skipped, durationMs, latencyMs
        }
    }

    struct Latency: Encodable {
        var min, median, p95, max: Double

        init(_ summary: LatencySummary) {
            min = milliseconds(summary.minimum)
            median = milliseconds(summary.median)
            p95 = milliseconds(summary.percentile95)
            max = milliseconds(summary.maximum)
        }
    }

    struct DiagnosticEntry: Encodable {
        var file: String
        var line, column: Int
        var severity, message: String

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            line = diagnostic.location.line
            column = diagnostic.location.column
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
        }
    }

    struct File: Encodable {
        var path: String
        var iteration: Int
        var row: String?
        var requests: [Request]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(iteration, forKey: .iteration)
            try container.encode(row, forKey: .row)
            try container.encode(requests, forKey: .requests)
        }

        enum CodingKeys: String, CodingKey { case path, iteration, row, requests }
    }

    struct Request: Encodable {
        var id, file, method, url, outcome: String
        var line: Int
        var status: Int?
        var durationMs: Double
        var message: String?
        var tests: [Test]
        var log: [String]

        init(_ result: RequestRunResult) {
            id = result.id.description
            file = result.location.file
            line = result.location.line
            method = result.method
            url = result.maskedURL
            status = result.status
            durationMs = milliseconds(result.duration)
            outcome = result.outcome.rawValue
            message = result.message
            tests = result.tests.map(Test.init)
            log = result.log
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(method, forKey: .method)
            try container.encode(url, forKey: .url)
            try container.encode(status, forKey: .status)
            try container.encode(durationMs, forKey: .durationMs)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(message, forKey: .message)
            try container.encode(tests, forKey: .tests)
            try container.encode(log, forKey: .log)
        }

        enum CodingKeys: String, CodingKey {
            case id, file, line, method, url, status, durationMs, outcome, message, tests, log
        }
    }

    struct Test: Encodable {
        var name: String
        var passed: Bool
        var message: String?
        var file: String?
        var line: Int?

        init(_ test: RunTestResult) {
            name = test.name
            passed = test.passed
            message = test.message
            file = test.location?.file
            line = test.location?.line
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(passed, forKey: .passed)
            try container.encode(message, forKey: .message)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
        }

        enum CodingKeys: String, CodingKey { case name, passed, message, file, line }
    }
}

/// `duration` in milliseconds, to a microsecond.
private func milliseconds(_ duration: Duration) -> Double {
    (duration.seconds * 1_000_000).rounded() / 1000
}
