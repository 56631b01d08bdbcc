/// A load run in the HTML report: the model, a table per request (count, errors by kind, p50/p90/p99/max,
/// throughput) and the latency histogram of all of them as bars.
enum HTMLLoadSection {
    /// The `<section class="load">` of `load`.
    static func html(of load: LoadReport) -> String {
        var lines = ["<section class=\"load\"><h2>Load</h2>"]
        lines.append(
            "<p>\(HTMLText.escaped(load.model.description)); \(load.count) requests in \(HTMLRunReport.milliseconds(load.elapsed))</p>"
        )
        lines.append("<table class=\"load-requests\"><thead><tr><th>request</th><th>count</th><th>errors</th>")
        lines.append("<th>p50</th><th>p90</th><th>p99</th><th>max</th><th>requests/s</th></tr></thead><tbody>")
        for request in load.requests {
            let errors = request.errors.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
            let latency = request.latency
            lines.append(
                "<tr><td>\(HTMLText.escaped(request.id.description))</td><td>\(request.count)</td>"
                    + "<td>\(HTMLText.escaped(errors.isEmpty ? "0" : errors.joined(separator: ", ")))</td>"
                    + [50.0, 90, 99].map { "<td>\(HTMLRunReport.milliseconds(latency.percentile($0)))</td>" }.joined()
                    + "<td>\(HTMLRunReport.milliseconds(latency.maximum))</td>"
                    + "<td>\(Int(load.throughput(of: request.count).rounded()))</td></tr>")
        }
        lines.append("</tbody></table>")
        let rows = load.latency.octaveRows
        let most = max(1, rows.map(\.count).max() ?? 1)
        lines.append("<h3>Latency histogram</h3><table class=\"hist\"><tbody>")
        for row in rows {
            let width = Double(row.count) / Double(most) * 100
            lines.append(
                "<tr><td>&lt; \(HTMLRunReport.milliseconds(row.under))</td><td>\(row.count)</td>"
                    + "<td class=\"bar-cell\"><div class=\"bar\" style=\"width:\(HTMLRunReport.percent(width))\"></div></td></tr>"
            )
        }
        lines.append("</tbody></table></section>")
        return lines.joined(separator: "\n")
    }
}
