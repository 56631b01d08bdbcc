// MARK: - Materializing values

extension JSONDocument {
    /// The value at `node` (the root when `node` is `0`) as a ``JSONValue``, decoding its whole subtree.
    public func value(at node: Int) -> JSONValue {
        bytes.withUnsafeBufferPointer { buffer in
            nodes.withUnsafeBufferPointer { tape in
                var cursor = node
                return Self.materialize(&cursor, tape: tape, bytes: buffer)
            }
        }
    }

    /// Builds the value at `cursor` and leaves `cursor` at the node after its subtree.
    /// Recursion depth is bounded by ``JSONParseOptions/maximumDepth``.
    private static func materialize(
        _ cursor: inout Int, tape: UnsafeBufferPointer<Node>, bytes: UnsafeBufferPointer<UInt8>
    ) -> JSONValue {
        let node = tape[cursor]
        cursor += 1
        switch node.kind {
        case .null:
            return .null
        case .bool:
            return .bool(node.flags & Flags.isTrue != 0)
        case .number:
            let text = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.extent)]), as: UTF8.self)
            return .number(JSONNumber(validated: text))
        case .string:
            return .string(
                JSONStringDecoder.decode(
                    UnsafeBufferPointer(rebasing: bytes[Int(node.start + 1)..<Int(node.extent - 1)]),
                    hasEscapes: node.flags & Flags.valueHasEscapes != 0))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(node.smallChildCount))
            let end = cursor - 1 + Int(node.extent)
            while cursor < end {
                elements.append(materialize(&cursor, tape: tape, bytes: bytes))
            }
            return .array(elements)
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(Int(node.smallChildCount))
            let end = cursor - 1 + Int(node.extent)
            while cursor < end {
                let child = tape[cursor]
                let key = decodeKey(
                    at: Int(child.keyOrIndex), hasEscapes: child.flags & Flags.keyHasEscapes != 0, bytes: bytes)
                members.append(JSONMember(key: key, value: materialize(&cursor, tape: tape, bytes: bytes)))
            }
            return .object(JSONObject(members))
        }
    }

    private static func decodeKey(at offset: Int, hasEscapes: Bool, bytes: UnsafeBufferPointer<UInt8>) -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        return JSONStringDecoder.decode(
            UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<end]), hasEscapes: hasEscapes)
    }
}
