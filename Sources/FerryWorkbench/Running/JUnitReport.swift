/// A run as JUnit XML, the format CI systems read: `<testsuites>` for the run, a `<testsuite>` per file, a
/// `<testcase>` per request (named by its id) and one more per test of a request (`id: test name`). A failed
/// status or test is a `<failure>`, a transport error or an invalid request an `<error>`, a skipped request
/// `<skipped>`; each carries its message and `file:line`; times are in seconds; a request's log is its
/// `<system-out>`. Text from files and servers is escaped, and characters XML cannot hold are replaced.
///
/// ```swift
/// try FileIO.writeAtomically(Array(JUnitReport(report).xml.utf8), to: url)
/// ```
public struct JUnitReport: Sendable {
    /// The run.
    public var report: RunReport

    /// The JUnit report of `report`.
    public init(_ report: RunReport) {
        self.report = report
    }

    /// The XML document.
    public var xml: String {
        let results = report.results
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(
            "<testsuites name=\"ferry run\"" + Self.counts(of: results) + " time=\"\(Self.seconds(report.duration))\">")
        for file in report.files {
            let time = file.results.reduce(Duration.zero) { $0 + $1.duration }
            let suite = file.iterationName.map { "\(file.path) [\($0)]" } ?? file.path
            lines.append(
                "  <testsuite name=\(Self.attribute(suite))" + Self.counts(of: file.results)
                    + " time=\"\(Self.seconds(time))\">")
            for result in file.results { lines += Self.testcases(of: result) }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Parts

    /// `tests`, `failures`, `errors` and `skipped` attributes (each test of a request is a test case too).
    static func counts(of results: [RequestRunResult]) -> String {
        let tests = results.reduce(0) { $0 + 1 + $1.tests.count }
        let failures =
            results.count { $0.outcome == .failed && $0.tests.isEmpty }
            + results.reduce(0) { $0 + $1.failedTests.count }
        let errors = results.count { $0.outcome == .transportError || $0.outcome == .invalid }
        let skipped = results.count { $0.outcome == .skipped }
        return " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    static func testcases(of result: RequestRunResult) -> [String] {
        let name = result.caseName
        var open =
            "    <testcase name=\(attribute(name)) classname=\(attribute(result.id.path))"
            + " time=\"\(seconds(result.duration))\" file=\(attribute(result.location.file))"
            + " line=\"\(result.location.line)\""
        var inner: [String] = []
        let located = "\(result.location.file):\(result.location.line)"
        switch result.outcome {
        case .passed: break
        case .failed where !result.tests.isEmpty: break
        case .failed:
            inner.append(element("failure", type: "status", message: result.message ?? "failed", text: located))
        case .transportError:
            inner.append(element("error", type: "transport", message: result.message ?? "error", text: located))
        case .invalid:
            inner.append(element("error", type: "input", message: result.message ?? "invalid", text: located))
        case .skipped:
            inner.append("      <skipped message=\(attribute(result.message ?? "skipped"))/>")
        }
        if !result.log.isEmpty {
            inner.append("      <system-out>\(text(result.log.joined(separator: "\n")))</system-out>")
        }
        var lines: [String] = []
        if inner.isEmpty {
            open += "/>"
            lines.append(open)
        } else {
            lines.append(open + ">")
            lines += inner
            lines.append("    </testcase>")
        }
        for test in result.tests {
            let place = test.location ?? result.location
            let opening =
                "    <testcase name=\(attribute("\(name): \(test.name)")) classname=\(attribute(result.id.path))"
                + " time=\"0\" file=\(attribute(place.file)) line=\"\(place.line)\""
            if test.passed {
                lines.append(opening + "/>")
            } else {
                lines.append(opening + ">")
                lines.append(
                    element(
                        "failure", type: "test", message: test.message ?? "failed",
                        text: "\(place.file):\(place.line)"))
                lines.append("    </testcase>")
            }
        }
        return lines
    }

    static func element(_ name: String, type: String, message: String, text body: String) -> String {
        "      <\(name) type=\"\(type)\" message=\(attribute(message))>\(text(body))</\(name)>"
    }

    /// Seconds with millisecond precision.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int((duration.seconds * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `text` quoted as an attribute value (newlines and tabs kept as references).
    static func attribute(_ value: String) -> String {
        "\"" + escaped(value, inAttribute: true) + "\""
    }

    /// `value` as element text.
    static func text(_ value: String) -> String { escaped(value, inAttribute: false) }

    /// `value` with markup escaped and the characters XML 1.0 cannot hold replaced by U+FFFD.
    static func escaped(_ value: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed =
                    (value >= 0x20 && value < 0xD800) || (value >= 0xE000 && value <= 0xFFFD) || value >= 0x10000
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
