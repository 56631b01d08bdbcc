import FerryJSON
import FerryTerminal

/// A JSON tree's visible rows as lines for `TextView`: `▾ key: {` for an open container, `▸ key: {…} 3 keys ·
/// 1.2 KB` for a closed one, scalars in their colours, search matches in the warning colour.
struct JSONTreeLines: TextLineSource {
    /// The tree, with its collapsed nodes.
    let tree: JSONTree
    /// The nodes that match the search.
    let matches: Set<Int>
    /// The colours.
    let theme: Theme
    /// The depth drawn at the left edge (the query filter's results, children of an object never shown, are 1).
    var baseDepth = 0

    /// The number of visible rows.
    var lineCount: Int { tree.visibleRowCount }

    /// The rows `range`, built from the tree at once.
    func lines(_ range: Range<Int>) -> [Line] {
        tree.rows(range).map { line($0, isMatch: matches.contains($0.node)) }
    }

    /// One tree row.
    private func line(_ row: JSONTreeRow, isMatch: Bool) -> Line {
        var spans = [Span(String(repeating: "  ", count: max(0, row.depth - baseDepth)))]
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
            if row.preview.utf8.count < row.byteSize {
                // FerryJSON keeps the first bytes of a long value: say that it goes on (y copies it whole).
                spans.append(Span("…", style: theme[.muted]))
                spans.append(Span("  \(WorkbenchView.formatBytes(row.byteSize))", style: theme[.muted]))
            }
        case .number:
            spans.append(Span(row.preview, style: isMatch ? theme[.warning] : theme[.jsonNumber]))
        case .bool:
            spans.append(Span(row.preview, style: theme[.jsonBoolean]))
        case .null:
            spans.append(Span(row.preview, style: theme[.jsonNull]))
        }
        return Line(spans)
    }
}
