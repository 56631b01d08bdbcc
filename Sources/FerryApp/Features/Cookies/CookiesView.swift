import FerryHTTP
import FerryTerminal
import Foundation

/// The cookie jar's view: one line per cookie (name, domain and path, expiry), the selected one's value and
/// attributes in full below; everything made safe to draw and cut with `…` to its column.
struct CookiesView: Widget {
    /// The cookies, sorted.
    let cookies: [Cookie]
    /// The selected row.
    let selection: Int
    /// The colours.
    let theme: Theme

    /// Draws the view over `area` (the whole screen), centred with a margin.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let rect = area.centered(Size(width: max(20, area.width - 6), height: max(5, area.height - 4)))
        let title = "Cookies: \(cookies.count) in .ferry/cookies (d deletes, D clears, Esc closes)"
        let block = Block(
            title: Line(" \(title) "), borderStyle: theme[.focusedBorder], focusedBorderStyle: theme[.focusedBorder],
            style: theme[.background], isFocused: true)
        block.render(into: &buffer, area: rect)
        let inner = block.inner(rect)
        guard inner.height >= 1 else { return }
        guard cookies.indices.contains(selection) else {
            Line("No cookies: a response's Set-Cookie puts them here.", style: theme[.muted])
                .render(into: &buffer, area: inner.rows(inner.y, count: 1))
            return
        }
        let details = detailLines(cookies[selection], width: inner.width)
        let listHeight = max(1, inner.height - details.count - 1)
        let top = max(0, min(selection - listHeight + 1, cookies.count - listHeight))
        let nameWidth = min(24, cookies.map { CharacterWidth.columns(of: SafeText.sanitized($0.name)) }.max() ?? 0)
        let placeWidth = max(1, inner.width - nameWidth - 24)
        for (offset, index) in cookies.indices.dropFirst(top).prefix(listHeight).enumerated() {
            let cookie = cookies[index]
            let style = index == selection ? theme[.selection] : theme[.text]
            let name = VariablesView.cut(SafeText.sanitized(cookie.name), to: nameWidth)
            let place = VariablesView.cut(SafeText.sanitized(cookie.domain + cookie.path), to: placeWidth)
            Line(
                [
                    Span(
                        name + String(repeating: " ", count: max(0, nameWidth - CharacterWidth.columns(of: name)) + 2)),
                    Span(
                        place
                            + String(repeating: " ", count: max(0, placeWidth - CharacterWidth.columns(of: place)) + 2)),
                    Span(Self.expiry(of: cookie)),
                ], style: style
            ).render(into: &buffer, area: inner.rows(inner.y + offset, count: 1))
        }
        let detailTop = inner.y + inner.height - details.count
        for (offset, line) in details.enumerated() {
            line.render(into: &buffer, area: inner.rows(detailTop + offset, count: 1))
        }
    }

    /// The selected cookie in full: its value wrapped (at most 4 lines, then `…`), then its attributes.
    private func detailLines(_ cookie: Cookie, width: Int) -> [Line] {
        let value = Paragraph.wrapped(
            Line(SafeText.sanitized("\(cookie.name)=\(cookie.value)"), style: theme[.text]), width: max(1, width))
        var lines = Array(value.prefix(4))
        if value.count > 4 { lines.append(Line("… (\(cookie.value.count) characters)", style: theme[.muted])) }
        var flags = [cookie.isHostOnly ? "host only" : "domain and subdomains"]
        if cookie.isSecure { flags.append("Secure") }
        if cookie.isHTTPOnly { flags.append("HttpOnly") }
        flags.append(Self.expiry(of: cookie))
        lines.append(
            Line(
                SafeText.sanitized("\(cookie.domain) \(cookie.path) · " + flags.joined(separator: " · ")),
                style: theme[.muted]))
        return lines
    }

    /// "session" or the expiry date, in UTC.
    static func expiry(of cookie: Cookie) -> String {
        guard let expires = cookie.expires else { return "session" }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return "expires " + formatter.string(from: expires)
    }
}
