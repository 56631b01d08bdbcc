import FerryJSON
import FerryTerminal
import Foundation

/// The events of an event stream while it arrives: a note with how many arrived, then the latest events
/// that fit, newest at the bottom, each as its time, type and id, then its data (JSON pretty-printed).
struct EventStreamView: Widget {
    /// The exchange whose events arrive.
    let exchange: Exchange
    /// The events so far.
    let events: EventsSoFar
    /// The colours.
    let theme: Theme

    /// How many lines one event's data may take.
    static let dataLineLimit = 12

    /// Draws the note and the latest events into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        let counted = "\(events.count) event\(events.count == 1 ? "" : "s")"
        let messages = "\(events.count) message\(events.count == 1 ? "" : "s")"
        var note =
            switch (exchange.grpc != nil, exchange.isInFlight) {
            case (true, true): "gRPC stream: \(messages) so far (Esc cancels the call)."
            case (true, false): "gRPC stream ended: \(messages) arrived; preparing them…"
            case (false, true): "Event stream: \(counted) so far (Esc ends the stream and keeps what arrived)."
            case (false, false): "Event stream ended: \(counted) arrived; preparing the raw text…"
            }
        if let limit = events.overflowLimit {
            note += " An event passed the \(WorkbenchView.formatBytes(limit)) limit: no more events are shown."
        }
        Line(note, style: theme[.muted]).render(into: &buffer, area: area.rows(area.y, count: 1))
        guard area.height > 1 else { return }
        let height = area.height - 1
        let items = self.items
        let anchor = selectedIndex.flatMap { index in items.firstIndex(of: .event(index)) } ?? items.count - 1
        // Only the items that show are built: back from the selected (or newest) one, then on after it.
        var lines: [Line] = []
        var index = anchor
        while index >= 0 && lines.count < height {
            lines = self.lines(for: items[index], height: height) + lines
            index -= 1
        }
        lines = Array(lines.suffix(height))
        index = anchor + 1
        while index < items.count && lines.count < height {
            lines += self.lines(for: items[index], height: height)
            index += 1
        }
        for (offset, line) in lines.prefix(height).enumerated() {
            line.render(into: &buffer, area: area.rows(area.y + 1 + offset, count: 1))
        }
    }

    /// One thing shown: a kept event (its index in ``EventsSoFar/latest``) or a reconnection.
    private enum Item: Hashable {
        case event(Int)
        case reconnection(Int)
    }

    /// The index in ``EventsSoFar/latest`` of the selected event, when it is still kept.
    private var selectedIndex: Int? {
        guard let selection = exchange.eventSelection else { return nil }
        let index = selection.ordinal - (events.count - events.latest.count)
        return events.latest.indices.contains(index) ? index : nil
    }

    /// The kept events in order, with each reconnection after the event it followed.
    private var items: [Item] {
        let before = events.count - events.latest.count
        var markers = events.reconnections.indices.filter { events.reconnections[$0].afterCount >= before }[...]
        var items: [Item] = []
        func addMarkers(upTo count: Int) {
            while let marker = markers.first, events.reconnections[marker].afterCount <= count {
                items.append(.reconnection(marker))
                markers = markers.dropFirst()
            }
        }
        addMarkers(upTo: before)
        for offset in events.latest.indices {
            items.append(.event(offset))
            addMarkers(upTo: before + offset + 1)
        }
        return items
    }

    /// The lines of `item`; the selected event marked, its JSON data as its tree (at most `height` rows).
    private func lines(for item: Item, height: Int) -> [Line] {
        switch item {
        case .reconnection(let index):
            return [Self.line(for: events.reconnections[index], theme: theme)]
        case .event(let index):
            let plain = Self.lines(for: events.latest[index], theme: theme)
            guard index == selectedIndex, let selection = exchange.eventSelection, let title = plain.first else {
                return plain
            }
            let marked = Line([Span("▶ ", style: theme[.accent].adding(.bold))] + title.spans, style: title.style)
            guard let tree = selection.tree else { return [marked] + plain.dropFirst() }
            let source = JSONTreeLines(tree: tree, matches: [], theme: theme)
            let shown = source.lines(0..<min(source.lineCount, max(1, height - 1)))
            return [marked] + shown.map { Line([Span("  ")] + $0.spans, style: $0.style) }
        }
    }

    /// The line of a reconnection: its time, the connection and the id it resumed after.
    static func line(for reconnection: EventsSoFar.Reconnection, theme: Theme) -> Line {
        var text = time(reconnection.time) + "  reconnected (connection \(reconnection.connection))"
        if !reconnection.lastEventID.isEmpty {
            text += " after id " + SafeText.sanitized(reconnection.lastEventID)
        }
        return Line(text, style: theme[.muted])
    }

    /// The lines of one event: time, type and id, then the data, indented.
    static func lines(for arrived: EventsSoFar.Arrived, theme: Theme) -> [Line] {
        let event = arrived.event
        var title = time(arrived.time) + "  " + SafeText.sanitized(event.type)
        if !event.lastEventID.isEmpty { title += "  id " + SafeText.sanitized(event.lastEventID) }
        var data = event.data.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let value = try? JSONValue(parsing: Array(event.data.utf8)),
            value.objectValue != nil || value.arrayValue != nil
        {
            data = String(decoding: value.formattedBytes(.pretty(indent: 2)), as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var lines = [Line(title, style: theme[.accent])]
        for line in data.prefix(dataLineLimit) {
            lines.append(Line("  " + SafeText.sanitized(line), style: theme[.text]))
        }
        if data.count > dataLineLimit {
            lines.append(Line("  … \(data.count - dataLineLimit) more lines", style: theme[.muted]))
        }
        return lines
    }

    /// `date` as `HH:mm:ss.SSS` in the local time zone.
    static func time(_ date: Date) -> String {
        let components = Calendar.current.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        let milliseconds = (components.nanosecond ?? 0) / 1_000_000
        return String(
            format: "%02d:%02d:%02d.%03d", components.hour ?? 0, components.minute ?? 0, components.second ?? 0,
            milliseconds)
    }
}
