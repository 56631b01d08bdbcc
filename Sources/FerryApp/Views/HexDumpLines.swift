import FerryTerminal

/// A binary body as hex dump rows for `TextView`: the offset, the bytes in hex (a gap after 8), and the
/// printable ASCII ones (others as `.`). A page of rows is one read, so scrolling a body in a file reads only
/// what is on screen.
struct HexDumpLines: TextLineSource {
    /// The bytes.
    let hex: HexBody
    /// The width of the pane, which sets the bytes per row (see `HexBody.bytesPerRow(width:)`).
    let width: Int
    /// The colours.
    let theme: Theme

    /// Bytes per row.
    var perRow: Int { HexBody.bytesPerRow(width: width) }

    /// The number of rows.
    var lineCount: Int { hex.rowCount(width: width) }

    /// The rows `range`, read at once.
    func lines(_ range: Range<Int>) -> [Line] {
        let perRow = perRow
        let page = hex.bytes(rows: range, perRow: perRow)
        return range.enumerated().map { offset, index in
            let start = offset * perRow
            return line(page[min(start, page.count)..<min(page.count, start + perRow)], offset: index * perRow)
        }
    }

    /// One row of `bytes` starting at byte `offset` of the body.
    private func line(_ bytes: ArraySlice<UInt8>, offset: Int) -> Line {
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
