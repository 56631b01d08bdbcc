import FerryJSON
import Foundation

/// Finding things in a response body without walking it on every keystroke: paths walk the tape,
/// text search scans the bytes once and maps each hit to its node or line.
enum BodySearch {
    /// The most matches kept.
    static let matchLimit = 10_000

    /// The nodes a simple path selects: `.a.b`, `.items[0]`, `.items[].name`, `.["a b"]`; `nil` when
    /// `query` is not a path.
    static func nodes(matching query: String, in document: JSONDocument) throws -> [Int]? {
        guard query.hasPrefix(".") || query.hasPrefix("$") else { return nil }
        var steps = try parse(query)
        var current = [document.root]
        while !steps.isEmpty {
            let step = steps.removeFirst()
            var next: [Int] = []
            for node in current {
                switch step {
                case .key(let key):
                    guard document.kind(of: node) == .object else { continue }
                    if let child = Array(document.children(of: node)).last(where: { document.key(of: $0) == key }) {
                        next.append(child)
                    }
                case .index(let index):
                    guard document.kind(of: node) == .array else { continue }
                    let children = Array(document.children(of: node))
                    let position = index < 0 ? children.count + index : index
                    if children.indices.contains(position) { next.append(children[position]) }
                case .all:
                    guard document.kind(of: node).isContainer else { continue }
                    next.append(contentsOf: document.children(of: node))
                }
                if next.count > matchLimit { break }
            }
            current = next
        }
        return current
    }

    /// The nodes whose key or scalar text contains `needle` (ASCII case-insensitive), in document order.
    static func nodes(containing needle: String, in document: JSONDocument) -> [Int] {
        let offsets = occurrences(of: needle, in: document.bytes)
        var result: [Int] = []
        var lastNode = -1
        for offset in offsets {
            let node = deepestNode(at: offset, in: document)
            if node != lastNode {
                result.append(node)
                lastNode = node
            }
        }
        return result
    }

    /// The lines of `text` that contain `needle`.
    static func lines(containing needle: String, in text: TextBody) -> [Int] {
        var result: [Int] = []
        for offset in occurrences(of: needle, in: text.bytes) {
            var low = 0
            var high = text.lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if text.lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            if result.last != low { result.append(low) }
        }
        return result
    }

    // MARK: - Internals

    private enum Step { case key(String), index(Int), all }

    private static func parse(_ query: String) throws -> [Step] {
        var text = Substring(query)
        if text.hasPrefix("$") { text = text.dropFirst() }
        var steps: [Step] = []
        while !text.isEmpty {
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]") else { throw SearchError("missing ] in \(query)") }
                let inside = text[text.index(after: text.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                text = text[text.index(after: close)...]
                if inside.isEmpty || inside == "*" {
                    steps.append(.all)
                } else if let number = Int(inside) {
                    steps.append(.index(number))
                } else if inside.count >= 2, inside.first == "\"" || inside.first == "'",
                    inside.last == inside.first
                {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    throw SearchError("[\(inside)] is not an index, [] or a quoted key")
                }
            } else if text.hasPrefix(".") {
                text = text.dropFirst()
                if text.hasPrefix("[") || text.isEmpty { continue }
                if text.hasPrefix("\"") {
                    let rest = text.dropFirst()
                    guard let close = rest.firstIndex(of: "\"") else { throw SearchError("missing \" in \(query)") }
                    steps.append(.key(String(rest[..<close])))
                    text = rest[rest.index(after: close)...]
                    continue
                }
                let end = text.firstIndex { $0 == "." || $0 == "[" } ?? text.endIndex
                let key = String(text[..<end])
                steps.append(key == "*" ? .all : .key(key))
                text = text[end...]
            } else {
                throw SearchError("expected . or [ at \"\(text)\"")
            }
        }
        return steps
    }

    /// Byte offsets where `needle` starts (ASCII case-insensitive), at most `matchLimit`.
    private static func occurrences(of needle: String, in bytes: [UInt8]) -> [Int] {
        let pattern = Array(needle.lowercased().utf8)
        guard !pattern.isEmpty, pattern.count <= bytes.count else { return [] }
        var result: [Int] = []
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
                        result.append(index)
                        if result.count >= matchLimit { return }
                        index += pattern.count
                        continue
                    }
                }
                index += 1
            }
        }
        return result
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

/// A search that could not run.
struct SearchError: Error, CustomStringConvertible {
    /// What is wrong.
    var description: String

    init(_ description: String) { self.description = description }
}
