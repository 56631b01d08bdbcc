import FerryHTTP
import FerryTerminal

/// The transfer's progress on one row: a drawn bar with the percentage and the bytes when the length is
/// known (`━━━━━━━╺────  58%  1.2 MB of 2.0 MB · 640.0 KB/s`), else what arrived and the rate.
struct TransferProgressBar: Widget {
    /// What moved so far.
    let progress: TransferProgress
    /// Bytes per second so far, once measurable.
    let rate: Double?
    /// The colours.
    let theme: Theme

    /// The words after the bar (or alone, when the length is unknown).
    var caption: String {
        let received = WorkbenchView.formatBytes(progress.bytesReceived)
        let speed = rate.map { " · \(WorkbenchView.formatBytes(Int($0)))/s" } ?? ""
        guard let fraction = progress.fractionReceived, let expected = progress.bytesExpectedToReceive else {
            return "\(received) received\(speed) (size unknown) · Esc cancels"
        }
        let percent = Int((fraction * 100).rounded(.down))
        return "\(percent)%  \(received) of \(WorkbenchView.formatBytes(expected))\(speed) · Esc cancels"
    }

    /// Draws the bar and its caption on the first row of `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        let caption = self.caption
        guard let fraction = progress.fractionReceived else {
            Line(caption, style: theme[.muted]).render(into: &buffer, area: area.rows(area.y, count: 1))
            return
        }
        let barWidth = max(0, min(40, area.width - caption.count - 2))
        var spans: [Span] = []
        if barWidth >= 4 {
            let filled = Int((fraction * Double(barWidth)).rounded(.down))
            spans.append(Span(String(repeating: "█", count: filled), style: theme[.accent]))
            spans.append(Span(String(repeating: "░", count: barWidth - filled), style: theme[.muted]))
            spans.append(Span("  "))
        }
        spans.append(Span(caption, style: theme[.muted]))
        Line(spans).window(from: 0, width: area.width, marker: theme[.muted]).render(
            into: &buffer, area: area.rows(area.y, count: 1))
    }
}
