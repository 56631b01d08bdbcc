import FerryHTTP
import FerryTerminal

/// The Timing tab: a waterfall of DNS, connect, TLS, waiting and download with the numbers, then the
/// cache's part (for requests sent through it), the remote address, HTTP version and whether the
/// connection was reused.
enum TimingView {
    /// The tab's lines for a content area `width` columns wide.
    static func lines(_ exchange: Exchange, width: Int, theme: Theme) -> [Line] {
        guard let response = exchange.response else { return [] }
        guard let timing = response.timing else {
            return [Line("The transport measured no timing for this response.", style: theme[.muted])]
        }
        let phases: [(String, Duration, ThemeRole)] = [
            ("DNS", timing.dnsLookup, .timingDNS), ("Connect", timing.connect, .timingConnect),
            ("TLS", timing.tlsHandshake, .timingTLS), ("Waiting", timing.requestSent + timing.waiting, .timingWaiting),
            ("Download", timing.download, .timingDownload),
        ]
        let total = max(seconds(timing.total), phases.reduce(0) { $0 + seconds($1.1) }, 1e-9)
        let labelWidth = 10
        let numberWidth = 10
        let barWidth = max(10, width - labelWidth - numberWidth - 2)
        var lines: [Line] = []
        var elapsed = 0.0
        for (name, duration, role) in phases {
            let value = seconds(duration)
            let start = Int((elapsed / total * Double(barWidth)).rounded(.down))
            var length = Int((value / total * Double(barWidth)).rounded())
            if value > 0 && length == 0 { length = 1 }
            length = min(length, barWidth - min(start, barWidth))
            elapsed += value
            let number = WorkbenchView.formatDuration(duration)
            var style = theme[role]
            if style.bg == .default { style = Style(fg: .default, bg: style.fg) }
            lines.append(
                Line([
                    Span(name.padding(toLength: labelWidth, withPad: " ", startingAt: 0), style: theme[.jsonKey]),
                    Span(String(repeating: " ", count: min(start, barWidth))),
                    Span(String(repeating: "█", count: length), style: Style(fg: style.bg)),
                    Span(String(repeating: " ", count: max(0, barWidth - min(start, barWidth) - length) + 1)),
                    Span(String(repeating: " ", count: max(0, numberWidth - number.count)) + number),
                ]))
        }
        lines.append(
            Line([
                Span(
                    "Total".padding(toLength: labelWidth, withPad: " ", startingAt: 0),
                    style: theme[.jsonKey].adding(.bold)),
                Span(WorkbenchView.formatDuration(timing.total)),
            ]))
        if let status = timing.cacheStatus {
            lines.append(Line([Span("Cache     ", style: theme[.jsonKey]), Span(status.description)]))
        }
        let address =
            timing.remoteAddress.map { address in timing.remotePort.map { "\(address):\($0)" } ?? address } ?? "unknown"
        lines.append(Line([Span("Remote    ", style: theme[.jsonKey]), Span(address)]))
        lines.append(
            Line([Span("Protocol  ", style: theme[.jsonKey]), Span(timing.httpVersion?.description ?? "unknown")]))
        lines.append(
            Line([Span("Connection", style: theme[.jsonKey]), Span(timing.connectionReused ? " reused" : " new")]))
        lines.append(
            Line([
                Span("Bytes     ", style: theme[.jsonKey]),
                Span(
                    "sent \(WorkbenchView.formatBytes(timing.bytesSent)), received \(WorkbenchView.formatBytes(timing.bytesReceived))"
                ),
            ]))
        if timing.redirect > .zero {
            lines.append(
                Line([
                    Span("Redirects ", style: theme[.jsonKey]),
                    Span("\(response.redirects.count) in \(WorkbenchView.formatDuration(timing.redirect))"),
                ]))
        }
        return lines
    }

    private static func seconds(_ duration: Duration) -> Double {
        duration.seconds
    }
}
