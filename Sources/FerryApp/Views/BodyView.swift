import FerryJSON
import FerryTerminal
import Foundation

/// The response body: a JSON tree, numbered text lines, or a hex dump; only the visible rows are built.
struct BodyView {
    /// The exchange whose body is drawn.
    let exchange: Exchange
    /// The colours.
    let theme: Theme
    /// Whether the pane has the keyboard (the cursor row is highlighted only then, dimmed otherwise).
    let isFocused: Bool

    /// Draws the visible rows into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        switch exchange.body {
        case .parsing:
            Line("Preparing the body…", style: theme[.muted]).render(into: &buffer, area: area.rows(area.y, count: 1))
        case .empty:
            Line("No body.", style: theme[.muted]).render(into: &buffer, area: area.rows(area.y, count: 1))
        case .json(let tree):
            let count = tree.visibleRowCount
            let first = min(exchange.bodyScroll, max(0, count - 1))
            let rows = tree.rows(first..<min(count, first + area.height))
            let matched = Set(exchange.matches)
            for (offset, row) in rows.enumerated() {
                let line = jsonLine(row, document: tree.document, isMatch: matched.contains(row.node))
                draw(line, row: first + offset, y: area.y + offset, into: &buffer, area: area)
            }
        case .text(let text):
            var top = area
            if let note = text.note {
                Line("⚠ " + note, style: theme[.warning]).render(into: &buffer, area: area.rows(area.y, count: 1))
                top = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
            }
            let count = text.lineCount
            let gutter = max(3, String(count).count)
            let first = min(exchange.bodyScroll, max(0, count - 1))
            let matched = Set(exchange.matches)
            for offset in 0..<min(top.height, max(0, count - first)) {
                let index = first + offset
                let number = String(index + 1)
                let spans = [
                    Span(String(repeating: " ", count: gutter - number.count) + number + " ", style: theme[.muted]),
                    Span(text.line(index), style: matched.contains(index) ? theme[.warning] : theme[.text]),
                ]
                draw(Line(spans), row: index, y: top.y + offset, into: &buffer, area: top)
            }
        case .binary(let hex):
            var top = area
            if let note = hex.note {
                Line("⚠ " + note, style: theme[.warning]).render(into: &buffer, area: area.rows(area.y, count: 1))
                top = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
            }
            let perRow = HexBody.bytesPerRow(width: area.width)
            let count = hex.rowCount(width: area.width)
            let first = min(exchange.bodyScroll, max(0, count - 1))
            let shown = min(top.height, max(0, count - first))
            // One read for the visible page: scrolling a body in a file reads only what is on screen.
            let page = hex.bytes(rows: first..<(first + shown), perRow: perRow)
            for offset in 0..<shown {
                let index = first + offset
                let start = offset * perRow
                let row = page[min(start, page.count)..<min(page.count, start + perRow)]
                draw(
                    hexLine(row, offset: index * perRow, perRow: perRow), row: index, y: top.y + offset,
                    into: &buffer, area: top)
            }
        }
    }

    private func draw(_ line: Line, row: Int, y: Int, into buffer: inout ScreenBuffer, area: Rect) {
        let rowArea = area.rows(y, count: 1)
        if row == exchange.bodyCursor {
            let style = isFocused ? theme[.selection] : theme[.selection].adding(.dim)
            buffer.fill(rowArea, with: .blank(style))
            var selected = line
            for index in selected.spans.indices { selected.spans[index].style.bg = style.bg }
            if style.modifiers.contains(.reverse) { selected.style = style }
            selected.render(into: &buffer, area: rowArea)
        } else {
            line.render(into: &buffer, area: rowArea)
        }
    }

    /// One tree row: `▾ key: {` for an open container, `▸ key: {…} 3 keys · 1.2 KB` for a closed one.
    private func jsonLine(_ row: JSONTreeRow, document: JSONDocument, isMatch: Bool) -> Line {
        var spans = [Span(String(repeating: "  ", count: row.depth))]
        if row.kind.isContainer {
            spans.append(Span(row.isCollapsed || row.childCount == 0 ? "▸ " : "▾ ", style: theme[.muted]))
        } else {
            spans.append(Span("  "))
        }
        if let key = row.key {
            spans.append(Span(key, style: isMatch ? theme[.warning].adding(.bold) : theme[.jsonKey]))
            spans.append(Span(": ", style: theme[.muted]))
        } else if let index = row.index {
            spans.append(Span("\(index): ", style: theme[.muted]))
        }
        switch row.kind {
        case .object, .array:
            let isObject = row.kind == .object
            let noun = isObject ? (row.childCount == 1 ? "key" : "keys") : (row.childCount == 1 ? "item" : "items")
            if row.isCollapsed || row.childCount == 0 {
                spans.append(Span(isObject ? "{…}" : "[…]", style: theme[.text]))
                spans.append(
                    Span(
                        "  \(row.childCount) \(noun) · \(WorkbenchView.formatBytes(row.byteSize))", style: theme[.muted]
                    ))
            } else {
                spans.append(Span(isObject ? "{" : "[", style: theme[.text]))
                spans.append(Span("  \(row.childCount) \(noun)", style: theme[.muted]))
            }
        case .string:
            spans.append(Span(row.preview, style: isMatch ? theme[.warning] : theme[.jsonString]))
        case .number:
            spans.append(Span(row.preview, style: isMatch ? theme[.warning] : theme[.jsonNumber]))
        case .bool:
            spans.append(Span(row.preview, style: theme[.jsonBoolean]))
        case .null:
            spans.append(Span(row.preview, style: theme[.jsonNull]))
        }
        return Line(spans)
    }

    /// One hex row: offset, the bytes in hex (a gap after 8), and the printable ASCII ones (others as `.`).
    private func hexLine(_ bytes: ArraySlice<UInt8>, offset: Int, perRow: Int) -> Line {
        let position = String(offset, radix: 16)
        var hex = ""
        var ascii = ""
        for (index, byte) in bytes.enumerated() {
            hex += (byte < 16 ? "0" : "") + String(byte, radix: 16) + (index == 7 && perRow > 8 ? "  " : " ")
            ascii.append(byte >= 0x20 && byte < 0x7F ? Character(Unicode.Scalar(byte)) : ".")
        }
        return Line([
            Span(String(repeating: "0", count: max(0, 8 - position.count)) + position + "  ", style: theme[.muted]),
            Span(hex.padding(toLength: perRow * 3 + (perRow > 8 ? 2 : 1), withPad: " ", startingAt: 0)),
            Span("|" + ascii + "|", style: theme[.muted]),
        ])
    }
}
