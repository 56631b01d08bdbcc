// MARK: - Printing straight from the tape

extension JSONDocument {
    /// The value at `node` (the root by default) as UTF-8 JSON in `format`, without building a ``JSONValue``.
    ///
    /// The bytes are exactly those of `value(at: node).formattedBytes(format)`, but numbers, and strings
    /// without escapes, are copied from the input, so printing a large body costs little more than its output.
    public func formattedBytes(_ format: JSONFormat = .pretty(indent: 2), at node: Int = 0) -> [UInt8] {
        var writer = JSONWriter(format: format)
        writer.output.reserveCapacity(byteSize(of: node) + byteSize(of: node) / 2)
        writeTape(at: node, into: &writer, flushingAt: Int.max) { _ in }
        return writer.output
    }

    /// Writes the value at `node` (the root by default) in `format` to `sink`, in chunks of about `chunkSize`
    /// bytes as they are produced, so the output is never held whole.
    ///
    /// The chunks joined are exactly ``formattedBytes(_:at:)``; each buffer is valid only during its call.
    public func writeFormatted(
        _ format: JSONFormat = .pretty(indent: 2), at node: Int = 0, chunkSize: Int = 1 << 20,
        to sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var writer = JSONWriter(format: format)
        let threshold = max(1, chunkSize)
        writer.output.reserveCapacity(threshold + threshold / 4)
        func flush(_ writer: inout JSONWriter) {
            writer.output.withUnsafeBufferPointer(sink)
            writer.output.removeAll(keepingCapacity: true)
        }
        writeTape(at: node, into: &writer, flushingAt: threshold, flush)
        if !writer.output.isEmpty { flush(&writer) }
    }

    /// The printing loop: appends the value at `node` to `writer`, calling `flush` whenever its output
    /// reaches `threshold` bytes (`flush` is expected to empty it).
    private func writeTape(
        at node: Int, into writer: inout JSONWriter, flushingAt threshold: Int, _ flush: (inout JSONWriter) -> Void
    ) {
        /// Open containers: the index past each one's subtree, and whether it is an object.
        var open: [(end: Int, isObject: Bool)] = []
        var isFirstChild = false
        let end = node + subtreeCount(of: node)
        bytes.withUnsafeBufferPointer { bytes in
            nodes.withUnsafeBufferPointer { nodes in
                var index = node
                while index < end {
                    while let top = open.last, index >= top.end {
                        open.removeLast()
                        writer.newline(open.count)
                        writer.output.append(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        isFirstChild = false
                    }
                    let entry = nodes[index]
                    if let top = open.last {
                        if !isFirstChild { writer.output.append(UInt8(ascii: ",")) }
                        isFirstChild = false
                        writer.newline(open.count)
                        if top.isObject {
                            Self.writeKey(of: entry, from: bytes, to: &writer)
                            writer.output.append(UInt8(ascii: ":"))
                            if writer.indent != nil { writer.output.append(UInt8(ascii: " ")) }
                        }
                    }
                    let start = Int(entry.start)
                    switch entry.kind {
                    case .array, .object:
                        let isObject = entry.kind == .object
                        if entry.extent == 1 {
                            writer.output.append(contentsOf: isObject ? [0x7B, 0x7D] : [0x5B, 0x5D])
                        } else {
                            writer.output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                            open.append((index + Int(entry.extent), isObject))
                            isFirstChild = true
                        }
                    case .string where entry.flags & Flags.valueHasEscapes != 0:
                        let content = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(Int(entry.extent) - 1)])
                        writer.writeString(JSONStringDecoder.decode(content, hasEscapes: true))
                    default:
                        // Numbers and literals as written; a string without escapes is already canonical.
                        writer.output.append(
                            contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<Int(entry.extent)]))
                    }
                    index += 1
                    if writer.output.count >= threshold { flush(&writer) }
                }
            }
        }
        while let top = open.popLast() {
            writer.newline(open.count)
            writer.output.append(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Writes the key of the member `entry`: copied when it has no escapes, else decoded and re-escaped.
    private static func writeKey(of entry: Node, from bytes: UnsafeBufferPointer<UInt8>, to writer: inout JSONWriter) {
        let start = Int(entry.keyOrIndex)
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        if entry.flags & Flags.keyHasEscapes != 0 {
            let content = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
            writer.writeString(JSONStringDecoder.decode(content, hasEscapes: true))
        } else {
            writer.output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...end]))
        }
    }
}
