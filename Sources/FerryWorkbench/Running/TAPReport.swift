/// A run as TAP version 14 (the Test Anything Protocol `prove` and many CI plugins read): a test point per
/// request, `ok` or `not ok`, named by its test case (``RequestRunResult/caseName``); a skipped request is
/// `# SKIP` with its reason; a failure carries a YAML block with its message, `file:line` and the failed
/// tests. Text from files and servers is quoted: no line break or control character can start a line of its
/// own, and `#` in a name is escaped.
///
/// ```swift
/// print(TAPReport(report).text)
/// ```
public struct TAPReport: Sendable {
    /// The run.
    public var report: RunReport

    /// The TAP report of `report`.
    public init(_ report: RunReport) {
        self.report = report
    }

    /// The document, ending in a newline.
    public var text: String {
        var lines = ["TAP version 14", "1..\(report.results.count)"]
        for diagnostic in report.diagnostics { lines.append("# " + Self.plain(diagnostic.description)) }
        for (index, result) in report.results.enumerated() {
            let name = Self.description(result.caseName)
            switch result.outcome {
            case .passed: lines.append("ok \(index + 1) - \(name)")
            case .skipped:
                lines.append("ok \(index + 1) - \(name) # SKIP \(Self.plain(result.message ?? "skipped"))")
            case .failed, .transportError, .invalid:
                lines.append("not ok \(index + 1) - \(name)")
                lines += Self.diagnosis(of: result)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The YAML block under a failed test point.
    static func diagnosis(of result: RequestRunResult) -> [String] {
        var lines = ["  ---"]
        lines.append("  outcome: \(result.outcome.rawValue)")
        if let message = result.message { lines.append("  message: \(quoted(message))") }
        if let status = result.status { lines.append("  status: \(status)") }
        lines.append("  at: \(quoted("\(result.location.file):\(result.location.line)"))")
        let failed = result.failedTests
        if !failed.isEmpty {
            lines.append("  tests:")
            for test in failed {
                let place = test.location ?? result.location
                lines.append("    - name: \(quoted(test.name))")
                lines.append("      message: \(quoted(test.message ?? "failed"))")
                lines.append("      at: \(quoted("\(place.file):\(place.line)"))")
            }
        }
        lines.append("  ...")
        return lines
    }

    /// A test point's description: one line, `#` and `\` escaped as TAP 14 says.
    static func description(_ text: String) -> String {
        plain(text).replacingAll("\\", with: "\\\\").replacingAll("#", with: "\\#")
    }

    /// `text` on one line: control characters shown as `\u{…}`-style escapes.
    static func plain(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    /// This text with every `target` replaced by `replacement`.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
