import FerryHTTP
import FerryJSON
import FerryTerminal
import Foundation

/// A WebSocket conversation in the Body tab: a note with where the connection is and the keys, then the
/// latest messages that fit, newest at the bottom, each as its direction and time, then its text (control
/// characters escaped, JSON pretty-printed) or a hex summary of a binary message.
struct ConversationView: Widget {
    /// The conversation to draw.
    let conversation: Conversation
    /// The colours.
    let theme: Theme

    /// How many lines one message may take.
    static let messageLineLimit = 12
    /// How many bytes of a binary message the summary shows.
    static let hexPreview = 16

    /// Draws the note and the latest messages into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        Line(note, style: theme[.muted]).render(into: &buffer, area: area.rows(area.y, count: 1))
        guard area.height > 1 else { return }
        var lines: [Line] = []
        for entry in conversation.entries.reversed() {
            lines = Self.lines(for: entry, theme: theme) + lines
            if lines.count >= area.height - 1 { break }
        }
        for (offset, line) in lines.suffix(area.height - 1).enumerated() {
            line.render(into: &buffer, area: area.rows(area.y + 1 + offset, count: 1))
        }
    }

    /// The first line: the status, the count and the keys that apply.
    var note: String {
        let target = SafeText.sanitized(conversation.target)
        let counted = "\(conversation.count) message\(conversation.count == 1 ? "" : "s")"
        switch conversation.status {
        case .connecting: return "WebSocket \(target): connecting… (Esc cancels)"
        case .open: return "WebSocket \(target) open: \(counted) (m sends, X closes, Esc ends)."
        case .closed(let close):
            let code = close.map { ($0.code.map(String.init) ?? "no code") + Self.reason($0) } ?? "no close frame"
            return "WebSocket closed (\(code)): \(counted)."
        case .failed(let message): return "WebSocket failed: \(SafeText.sanitized(message)) \(counted)."
        case .canceled: return "WebSocket ended (Esc): \(counted), kept as they arrived."
        }
    }

    private static func reason(_ close: WebSocketClose) -> String {
        close.reason.isEmpty ? "" : " " + SafeText.sanitized(close.reason)
    }

    /// The lines of one message: direction and time, then the message, indented.
    static func lines(for entry: Conversation.Entry, theme: Theme) -> [Line] {
        let title = (entry.isIncoming ? "← in   " : "→ out  ") + EventStreamView.time(entry.time)
        var body: [String]
        switch entry.message {
        case .text(let text):
            body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let value = try? JSONValue(parsing: Array(text.utf8)),
                value.objectValue != nil || value.arrayValue != nil
            {
                body = String(decoding: value.formattedBytes(.pretty(indent: 2)), as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        case .binary(let data):
            let hex = data.prefix(hexPreview).map { String(format: "%02x", $0) }.joined(separator: " ")
            body = ["binary, \(data.count) bytes: \(hex)\(data.count > hexPreview ? " …" : "")"]
        }
        var lines = [Line(title, style: theme[entry.isIncoming ? .accent : .muted])]
        for line in body.prefix(messageLineLimit) {
            lines.append(Line("  " + SafeText.sanitized(line), style: theme[.text]))
        }
        if body.count > messageLineLimit {
            lines.append(Line("  … \(body.count - messageLineLimit) more lines", style: theme[.muted]))
        }
        return lines
    }
}
