/// `ferry list`'s lines: id, method and URL in aligned columns, each line cut to a terminal's width with `…`
/// when there is one (the id column is at most half of it, so a long id cannot push the URL off the screen).
struct RequestListing {
    /// One request's id, method and URL.
    typealias Row = (id: String, method: String, url: String)

    /// Hands each row, in order, to the function it is given: called once for the widths and once for the lines,
    /// so no listing keeps every row.
    let rows: ((Row) -> Void) -> Void
    /// The terminal's width; `nil` for whole lines.
    let width: Int?

    /// How many bytes of lines ``write(in:)`` gathers before handing them on.
    static let pieceSize = 1 << 16

    /// Hands the lines' bytes, each line ended by a line break, to `write` a piece at a time (about
    /// ``pieceSize`` bytes): a listing of a million requests is never one string.
    func write(in write: ([UInt8]) -> Void) {
        var idWidth = 0
        var methodWidth = 0
        rows { row in
            idWidth = max(idWidth, Self.characters(row.id))
            methodWidth = max(methodWidth, Self.characters(row.method))
        }
        if let width { idWidth = min(idWidth, max(12, width / 2)) }
        var piece: [UInt8] = []
        piece.reserveCapacity(Self.pieceSize + 1024)
        rows { row in
            if let width {
                let line =
                    Self.padded(Self.cut(row.id, to: idWidth), idWidth) + "  " + Self.padded(row.method, methodWidth)
                    + "  " + row.url
                piece += Self.cut(line, to: width).utf8
            } else {
                // Whole lines: the columns padded, nothing cut, appended as bytes.
                Self.append(row.id, paddedTo: idWidth, to: &piece)
                piece += [0x20, 0x20]
                Self.append(row.method, paddedTo: methodWidth, to: &piece)
                piece += [0x20, 0x20]
                piece += row.url.utf8
            }
            piece.append(0x0A)
            if piece.count >= Self.pieceSize {
                write(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        if !piece.isEmpty { write(piece) }
    }

    /// Hands the ids alone, one a line, to `write` a piece at a time (about ``pieceSize`` bytes).
    func writeIDs(in write: ([UInt8]) -> Void) {
        var piece: [UInt8] = []
        piece.reserveCapacity(Self.pieceSize + 1024)
        rows { row in
            piece += row.id.utf8
            piece.append(0x0A)
            if piece.count >= Self.pieceSize {
                write(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        if !piece.isEmpty { write(piece) }
    }

    /// How many characters `text` has: its byte count when it is ASCII (counting characters walks them).
    private static func characters(_ text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? false
        return ascii ? text.utf8.count : text.count
    }

    /// Appends `text` and the spaces that make it `width` characters wide.
    private static func append(_ text: String, paddedTo width: Int, to bytes: inout [UInt8]) {
        bytes += text.utf8
        let missing = width - characters(text)
        if missing > 0 { bytes += repeatElement(0x20, count: missing) }
    }

    /// `text` in at most `width` characters, its end replaced by `…` when it was longer.
    static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(0, width - 1))) + "…"
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }
}
