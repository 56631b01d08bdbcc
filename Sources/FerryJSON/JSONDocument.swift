import Foundation

/// A parsed JSON text kept compactly: the original bytes plus one 20-byte node per value, in document order.
///
/// This is the form for large bodies and for the tree view. Strings and numbers are not copied out of the
/// bytes until asked for, so a parsed document costs its size plus 20 bytes per value. Node indices
/// are positions in document order: `0` is the root and a node's descendants follow it directly.
/// The type is a value and `Sendable`: parse it off the UI loop and hand it over whole.
///
/// ```swift
/// let document = try JSONDocument(parsing: responseBody)
/// for child in document.children(of: document.root) {
///     print(document.key(of: child) ?? "-", document.kind(of: child), document.byteSize(of: child))
/// }
/// let name = try document.value(at: document.root)["items"][0]["name"].string()
/// ```
public struct JSONDocument: Sendable {
    /// The input, exactly as given.
    public let bytes: [UInt8]
    let nodes: [Node]
    /// Child counts of 2,047 and more, by container index (a node has 11 bits for it).
    let largeChildCounts: [UInt32: UInt32]

    // MARK: - Parsing

    /// Parses `bytes`, keeping them.
    public init(parsing bytes: [UInt8], options: JSONParseOptions = .strict) throws(JSONParseError) {
        var result: (nodes: [Node], largeChildCounts: [UInt32: UInt32]) = ([], [:])
        var failure: JSONParseError?
        bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONParseError) {
                result = try JSONParser.parse(buffer, options: options)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        self.bytes = bytes
        nodes = result.nodes
        largeChildCounts = result.largeChildCounts
    }

    /// Parses `data`.
    public init(parsing data: Data, options: JSONParseOptions = .strict) throws(JSONParseError) {
        try self.init(parsing: [UInt8](data), options: options)
    }

    /// Parses the UTF-8 of `text`.
    public init(parsing text: String, options: JSONParseOptions = .strict) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8), options: options)
    }

    // MARK: - Structure

    /// The index of the root value: always `0`.
    public var root: Int { 0 }

    /// The number of values in the document, containers and scalars alike.
    public var nodeCount: Int { nodes.count }

    /// The kind of the value at `node`.
    public func kind(of node: Int) -> JSONNodeKind { nodes[node].kind }

    /// The number of direct children (elements or members) of `node`; `0` for scalars.
    public func childCount(of node: Int) -> Int {
        let small = nodes[node].smallChildCount
        guard small == Self.largeChildCount else { return Int(small) }
        return Int(largeChildCounts[UInt32(truncatingIfNeeded: node)] ?? small)
    }

    /// The number of nodes in the subtree of `node`, itself included.
    public func subtreeCount(of node: Int) -> Int { nodes[node].subtreeCount }

    /// The nesting depth of `node`: `0` for the root.
    public func depth(of node: Int) -> Int { nodes[node].depth }

    /// The parent of `node`, or `nil` for the root.
    public func parent(of node: Int) -> Int? {
        let parent = nodes[node].parent
        return parent == Self.noParent ? nil : Int(parent)
    }

    /// The direct children of `node` in document order; O(1) per step.
    public func children(of node: Int) -> JSONDocumentChildren {
        JSONDocumentChildren(nodes: nodes, first: node + 1, end: node + nodes[node].subtreeCount)
    }

    /// The bytes of the value at `node` in ``bytes`` (for a member, the value without its key).
    public func byteRange(of node: Int) -> Range<Int> { Int(nodes[node].start)..<end(of: node) }

    /// The size in bytes of the value's text at `node`.
    public func byteSize(of node: Int) -> Int { end(of: node) - Int(nodes[node].start) }

    /// The offset just past the value at `node`. A container's end is not stored: it is found after its last
    /// descendant by passing whitespace, commas, comments and one closing bracket per level; O(depth).
    func end(of node: Int) -> Int {
        let entry = nodes[node]
        guard entry.isContainer else { return Int(entry.extent) }
        let last = node + Int(entry.extent) - 1
        var position: Int
        var closers: Int
        if last == node {
            position = Int(entry.start) + 1
            closers = 1
        } else {
            position = end(of: last)
            closers = nodes[last].depth - entry.depth
        }
        return bytes.withUnsafeBufferPointer { bytes in
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    closers -= 1
                    position += 1
                    if closers == 0 { return position }
                case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                    position += 2
                    while position + 1 < bytes.count,
                        !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/"))
                    {
                        position += 1
                    }
                    position += 2
                default:
                    position += 1
                }
            }
            return bytes.count
        }
    }

    /// The key of `node` when it is an object member, else `nil`.
    public func key(of node: Int) -> String? {
        guard let parent = parent(of: node), nodes[parent].kind == .object else { return nil }
        return decodedString(at: Int(nodes[node].keyOrIndex), hasEscapes: nodes[node].flags & Flags.keyHasEscapes != 0)
    }

    /// The position of `node` among its parent's elements when the parent is an array, else `nil`.
    public func index(of node: Int) -> Int? {
        guard let parent = parent(of: node), nodes[parent].kind == .array else { return nil }
        return Int(nodes[node].keyOrIndex)
    }

    /// The path from the root to `node`, such as `.items[0].name`; O(depth).
    public func path(of node: Int) -> JSONPath {
        var components: [JSONPathComponent] = []
        var current = node
        while let parent = parent(of: current) {
            if let key = key(of: current) {
                components.append(.key(key))
            } else {
                components.append(.index(Int(nodes[current].keyOrIndex)))
            }
            current = parent
        }
        return JSONPath(components.reversed())
    }

    /// The source text of the value at `node`, exactly as written (a string keeps its quotes and escapes).
    public func rawText(of node: Int) -> String {
        let range = byteRange(of: node)
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// The decoded string at `node` when it is a string, else `nil`.
    public func string(at node: Int) -> String? {
        guard nodes[node].kind == .string else { return nil }
        return decodedString(at: Int(nodes[node].start), hasEscapes: nodes[node].flags & Flags.valueHasEscapes != 0)
    }

    // MARK: - Internals

    /// Decodes the string whose opening quote is at `offset`.
    func decodedString(at offset: Int, hasEscapes: Bool) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            var end = offset + 1
            while end < buffer.count, buffer[end] != UInt8(ascii: "\"") {
                end += buffer[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            return JSONStringDecoder.decode(
                UnsafeBufferPointer(rebasing: buffer[(offset + 1)..<end]), hasEscapes: hasEscapes)
        }
    }
}

/// The direct children of a node of a ``JSONDocument``, as node indices in document order.
public struct JSONDocumentChildren: Sequence, Sendable {
    let nodes: [JSONDocument.Node]
    let first: Int
    let end: Int

    /// Steps from one child to the next by skipping its subtree.
    public struct Iterator: IteratorProtocol {
        let nodes: [JSONDocument.Node]
        var position: Int
        let end: Int

        /// The next child's index, or `nil` after the last.
        public mutating func next() -> Int? {
            guard position < end else { return nil }
            defer { position += nodes[position].subtreeCount }
            return position
        }
    }

    /// An iterator over the children.
    public func makeIterator() -> Iterator { Iterator(nodes: nodes, position: first, end: end) }
}
