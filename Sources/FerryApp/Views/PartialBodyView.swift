import FerryTerminal
import Foundation

/// The start of a body while it arrives (or as it was when the send was canceled, until the body that arrived
/// is prepared): the progress bar (or a note with what arrived), then the first lines as text, or a word for
/// a binary body; an event stream's events as they arrive (``EventStreamView``).
struct PartialBodyView: Widget {
    /// The exchange whose body is arriving.
    let exchange: Exchange
    /// The colours.
    let theme: Theme

    /// Draws the note and as many lines as fit into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        if let events = exchange.events {
            return EventStreamView(exchange: exchange, events: events, theme: theme).render(into: &buffer, area: area)
        }
        let arrived = WorkbenchView.formatBytes(max(exchange.progress.bytesReceived, exchange.preview.count))
        if exchange.isInFlight {
            TransferProgressBar(progress: exchange.progress, rate: exchange.receiveRate, theme: theme).render(
                into: &buffer, area: area.rows(area.y, count: 1))
        } else {
            Line("Canceled: \(arrived) had arrived; preparing it…", style: theme[.muted]).render(
                into: &buffer, area: area.rows(area.y, count: 1))
        }
        guard area.height > 1 else { return }
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        if exchange.preview.isEmpty {
            Line("No body yet.", style: theme[.muted]).render(into: &buffer, area: body.rows(body.y, count: 1))
            return
        }
        if exchange.preview.contains(0) {
            Line("A binary body: shown as hex when the transfer ends.", style: theme[.muted]).render(
                into: &buffer, area: body.rows(body.y, count: 1))
            return
        }
        let lines = String(decoding: exchange.preview, as: UTF8.self)
            .split(separator: "\n", maxSplits: body.height, omittingEmptySubsequences: false)
        for (offset, line) in lines.prefix(body.height).enumerated() {
            Line(SafeText.sanitized(line), style: theme[.text]).render(
                into: &buffer, area: body.rows(body.y + offset, count: 1))
        }
    }
}
