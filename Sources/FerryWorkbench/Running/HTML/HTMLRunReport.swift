import Foundation

/// A run as one self-contained HTML page for people: the summary, a row per request (pass or fail, status,
/// time) with its place on a timing waterfall, the request and response as sent and received with secrets
/// masked (when the run kept its exchanges, ``CollectionRunner/keepsExchanges``), the failed tests, and for a
/// load run the latency histogram and a table per request. No script, no font, no image, no link: the page
/// loads nothing, and every byte from a file or a server is escaped (``HTMLText``).
///
/// ```swift
/// try FileIO.writeAtomically(Array(HTMLRunReport(report).html.utf8), to: url)
/// ```
public struct HTMLRunReport: Sendable {
    /// The run.
    public var report: RunReport

    /// The HTML report of `report`.
    public init(_ report: RunReport) {
        self.report = report
    }

    /// The page.
    public var html: String {
        var body: [String] = []
        body.append("<h1>ferry run</h1>")
        body.append(
            "<p class=\"summary\">\(HTMLText.escaped(report.summary)) · \(Self.milliseconds(report.duration)) in all</p>"
        )
        if !report.diagnostics.isEmpty {
            body.append("<ul class=\"diagnostics\">")
            body += report.diagnostics.map { "<li>\(HTMLText.escaped($0.description))</li>" }
            body.append("</ul>")
        }
        if let load = report.load { body.append(HTMLLoadSection.html(of: load)) }
        if !report.results.isEmpty {
            body.append("<table class=\"requests\"><thead><tr><th></th><th>request</th><th>status</th><th>time</th>")
            body.append("<th class=\"waterfall\">waterfall</th></tr></thead><tbody>")
            for result in report.results { body.append(row(of: result)) }
            body.append("</tbody></table>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>ferry run</title>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <style>\(Self.style)</style></head>
            <body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
    }

    private func row(of result: RequestRunResult) -> String {
        let verdict: String
        switch result.outcome {
        case .passed: verdict = "pass"
        case .skipped: verdict = "skip"
        case .failed, .transportError, .invalid: verdict = "fail"
        }
        let total = max(report.duration / .microseconds(1), 1)
        let left = min(100, max(0, result.startOffset / .microseconds(1) / total * 100))
        let width = min(100 - left, max(0.2, result.duration / .microseconds(1) / total * 100))
        var details: [String] = []
        if let message = result.message { details.append("<p class=\"message\">\(HTMLText.escaped(message))</p>") }
        let place = "\(result.location.file):\(result.location.line)"
        details.append(
            "<p class=\"place\">\(HTMLText.escaped(result.method + " " + result.maskedURL)) · \(HTMLText.escaped(place))</p>"
        )
        if !result.tests.isEmpty {
            details.append("<ul class=\"tests\">")
            for test in result.tests {
                let mark = test.passed ? "pass" : "fail"
                let why = test.message.map { ": " + HTMLText.escaped($0) } ?? ""
                details.append("<li class=\"\(mark)\">\(HTMLText.escaped(test.name))\(why)</li>")
            }
            details.append("</ul>")
        }
        if !result.log.isEmpty {
            details.append("<pre class=\"log\">\(HTMLText.escaped(result.log.joined(separator: "\n")))</pre>")
        }
        if let exchange = result.exchange { details.append(HTMLExchangeSection.html(of: exchange)) }
        let status = result.status.map(String.init) ?? "–"
        return """
            <tr class="\(verdict)"><td class="mark">\(verdict)</td><td><details><summary>\(HTMLText.escaped(result.caseName))</summary>\
            \(details.joined())</details></td><td>\(status)</td><td>\(Self.milliseconds(result.duration))</td>\
            <td class="waterfall"><div class="bar" style="margin-left:\(Self.percent(left));width:\(Self.percent(width))"></div></td></tr>
            """
    }

    /// `value` as a CSS percentage with two decimals (`12.34%`).
    static func percent(_ value: Double) -> String { String(format: "%.2f%%", value) }

    /// `3.4 ms` under 10 ms, else `12 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let value = duration / .milliseconds(1)
        return value < 10 ? "\(Double(Int(value * 10)) / 10) ms" : "\(Int(value.rounded())) ms"
    }

    /// The page's only styling, inline: the page loads nothing.
    static let style = """
        body{font:14px system-ui,sans-serif;margin:2em;color:#222}
        table{border-collapse:collapse;width:100%}td,th{padding:.2em .5em;border-bottom:1px solid #ddd;vertical-align:top;text-align:left}
        tr.pass .mark{color:#16794c}tr.fail .mark{color:#b3261e;font-weight:bold}tr.skip .mark{color:#777}
        li.pass{color:#16794c}li.fail{color:#b3261e}
        td.waterfall,th.waterfall{width:30%}.bar{height:.8em;background:#4a78c2;min-width:1px}
        pre{white-space:pre-wrap;word-break:break-all;background:#f6f6f6;padding:.5em;max-height:30em;overflow:auto}
        .hist td.bar-cell{width:60%}.hist .bar{background:#c28a4a}
        """
}
