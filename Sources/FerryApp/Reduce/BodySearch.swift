import FerryJSON
import Foundation

/// Finding things in a response body without walking it on every keystroke: FerryJSON queries run on the
/// tape (no values materialized), text search scans the bytes once and maps each hit to its node or line.
enum BodySearch {
    /// The most matches kept.
    static let matchLimit = 10_000
    /// The most results of a query counted (it runs as the query is typed; text search counts every match).
    static let queryCountLimit = 100_000

    /// Whether `text` is a FerryJSON query (JSONPath from `$`, jq from `.`) rather than text to search for.
    static func isQuery(_ text: String) -> Bool {
        text.hasPrefix(".") || text.hasPrefix("$")
    }

    /// Runs a FerryJSON query (`$..zip`, `$.items[?@.id==5]`, `.items[].id`, `.items | length`) on `document`:
    /// the first `matchLimit` results with their paths, and how many there are (up to `queryCountLimit`, past
    /// which they are not counted).
    static func filter(_ text: String, in document: JSONDocument) -> JSONFilter {
        do {
            let query = try JSONQuery(text)
            let found = try query.firstResults(in: document, keeping: matchLimit, countingUpTo: queryCountLimit)
            var filter = JSONFilter(query: text, total: found.total)
            filter.isCountComplete = found.isComplete
            filter.results = found.first.map { result in
                switch result {
                case .node(let node):
                    return JSONFilter.Result(
                        node: node, path: document.path(of: node).description,
                        preview: preview(head(of: node, in: document)))
                case .value(let value):
                    // Written once: the preview is its start (at most 1 KB read), the results' tree its copy.
                    let text = value.formattedBytes(.compact)
                    let start = String(decoding: text.prefix(1024), as: UTF8.self) + (text.count > 1024 ? "…" : "")
                    return JSONFilter.Result(node: nil, path: "=", preview: preview(start), computed: text)
                }
            }
            addTree(to: &filter, from: document)
            return filter
        } catch {
            return JSONFilter(query: text, total: 0, error: error)
        }
    }

    /// A value on one line, cut at 200 characters.
    private static func preview(_ text: String) -> String {
        var flat = text
        if flat.contains(where: \.isNewline) {
            flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
        }
        return flat.count > 200 ? String(flat.prefix(200)) + "…" : flat
    }

    /// The start of a node's text (at most 1 KB: a whole 50 MB array is never copied for a preview).
    private static func head(of node: Int, in document: JSONDocument) -> String {
        let range = document.byteRange(of: node)
        let end = min(range.upperBound, range.lowerBound + 1024)
        let text = String(decoding: document.bytes[range.lowerBound..<end], as: UTF8.self)
        return end < range.upperBound ? text + "…" : text
    }

    /// What a text search found: the first ``matchLimit`` matching rows (JSON nodes or text lines) in order,
    /// and how many rows match in all (counted over the whole body, never capped).
    struct Matches: Sendable, Equatable {
        /// The first matching rows, at most ``matchLimit``.
        var rows: [Int] = []
        /// How many rows match in all.
        var total = 0

        /// Whether more rows match than `rows` holds.
        var isCapped: Bool { total > rows.count }

        /// Counts `row` (a repeat of the last one is the same row) and keeps it while under the cap.
        mutating func add(_ row: Int, isNew: Bool) {
            guard isNew else { return }
            total += 1
            if rows.count < matchLimit { rows.append(row) }
        }
    }

    /// The nodes whose key or scalar text contains `needle` (ASCII case-insensitive), in document order.
    static func nodes(containing needle: String, in document: JSONDocument) -> Matches {
        var result = Matches()
        var lastNode = -1
        var lastLeaf: Range<Int>?
        forEachOccurrence(of: needle, in: document.bytes) { offset in
            // A hit inside the scalar just found is that scalar again (no node lies deeper), so the binary
            // search runs once per scalar, not once per hit.
            if let leaf = lastLeaf, leaf.contains(offset) { return }
            let node = deepestNode(at: offset, in: document)
            lastLeaf = document.kind(of: node).isContainer ? nil : document.byteRange(of: node)
            result.add(node, isNew: node != lastNode)
            lastNode = node
        }
        return result
    }

    /// The lines of `text` that contain `needle`.
    static func lines(containing needle: String, in text: TextBody) -> Matches {
        var result = Matches()
        var lastLine = -1
        var lineEnd = 0
        forEachOccurrence(of: needle, in: text.bytes) { offset in
            // A hit before the end of the line just found is on that line again.
            if lastLine >= 0, offset < lineEnd { return }
            var low = 0
            var high = text.lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if text.lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            lineEnd = low + 1 < text.lineStarts.count ? text.lineStarts[low + 1] : Int.max
            result.add(low, isNew: low != lastLine)
            lastLine = low
        }
        return result
    }

    /// `count` with thousands separators, as the search counts are said: `322,331`.
    static func formatCount(_ count: Int) -> String {
        let digits = Array(String(count))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    // MARK: - Internals

    /// Calls `body` with each byte offset where `needle` starts (ASCII case-insensitive, not overlapping), in
    /// order, over the whole of `bytes`: the count is true however many there are, and nothing is stored.
    private static func forEachOccurrence(of needle: String, in bytes: [UInt8], _ body: (Int) -> Void) {
        let pattern = Array(needle.lowercased().utf8)
        guard !pattern.isEmpty, pattern.count <= bytes.count else { return }
        bytes.withUnsafeBufferPointer { haystack in
            let first = pattern[0]
            let firstUpper = (first >= 0x61 && first <= 0x7A) ? first - 0x20 : first
            var index = 0
            let last = haystack.count - pattern.count
            while index <= last {
                let byte = haystack[index]
                if byte == first || byte == firstUpper {
                    var matched = true
                    for offset in 1..<pattern.count {
                        var candidate = haystack[index + offset]
                        if candidate >= 0x41 && candidate <= 0x5A { candidate += 0x20 }
                        if candidate != pattern[offset] {
                            matched = false
                            break
                        }
                    }
                    if matched {
                        body(index)
                        index += pattern.count
                        continue
                    }
                }
                index += 1
            }
        }
    }

    /// The deepest node whose text (or key) holds the byte at `offset`.
    private static func deepestNode(at offset: Int, in document: JSONDocument) -> Int {
        // Nodes are in document order, so their start offsets ascend: binary search the last start <= offset.
        var low = 0
        var high = document.nodeCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if document.byteRange(of: middle).lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        // Outside the found node's text, the hit is in the key of the next member (a key sits just
        // before its value), or in punctuation, which belongs to the enclosing container.
        if document.byteRange(of: low).contains(offset) { return low }
        if low + 1 < document.nodeCount, document.key(of: low + 1) != nil { return low + 1 }
        var node = low
        while !document.byteRange(of: node).contains(offset), let parent = document.parent(of: node) { node = parent }
        return node
    }
}
