/// `ferry list`'s lines: id, method and URL in aligned columns, each line cut to a terminal's width with `…`
/// when there is one (the id column is at most half of it, so a long id cannot push the URL off the screen).
struct RequestListing {
    /// Each request's id, method and URL.
    let rows: [[String]]
    /// The terminal's width; `nil` for whole lines.
    let width: Int?

    /// The lines, each ended by a line break.
    var text: String {
        var idWidth = rows.map { $0[0].count }.max() ?? 0
        let methodWidth = rows.map { $0[1].count }.max() ?? 0
        if let width { idWidth = min(idWidth, max(12, width / 2)) }
        var output = ""
        for row in rows {
            let line =
                Self.padded(Self.cut(row[0], to: idWidth), idWidth) + "  " + Self.padded(row[1], methodWidth) + "  "
                + row[2]
            output += (width.map { Self.cut(line, to: $0) } ?? line) + "\n"
        }
        return output
    }

    /// `text` in at most `width` characters, its end replaced by `…` when it was longer.
    static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(0, width - 1))) + "…"
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
