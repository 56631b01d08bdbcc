// MARK: - Members and elements found on the tape, for queries

extension JSONDocument {
    /// The member of object `node` whose key is `name` (UTF-8), its last occurrence as in ``JSONObject`` lookups,
    /// or `nil`. Keys without escapes are compared on the bytes: nothing is decoded.
    func member(named name: [UInt8], in node: Int) -> Int? {
        var found: Int?
        for child in children(of: node) where keyEquals(child, name) { found = child }
        return found
    }

    /// Whether the key of member `node` is `name` (UTF-8).
    func keyEquals(_ node: Int, _ name: [UInt8]) -> Bool {
        let entry = nodes[node]
        let offset = Int(entry.keyOrIndex) + 1
        guard entry.flags & Flags.keyHasEscapes == 0 else {
            return key(of: node).map { Array($0.utf8) == name } ?? false
        }
        return bytes.withUnsafeBufferPointer { buffer in
            let end = offset + name.count
            guard end < buffer.count, buffer[end] == UInt8(ascii: "\"") else { return false }
            for (position, byte) in name.enumerated() where buffer[offset + position] != byte { return false }
            return true
        }
    }

    /// The element of array `node` at `index` (negative counts from the end), or `nil` when out of range.
    func element(at index: Int, in node: Int) -> Int? {
        let count = childCount(of: node)
        let resolved = index < 0 ? count + index : index
        guard (0..<count).contains(resolved) else { return nil }
        var position = 0
        for child in children(of: node) {
            if position == resolved { return child }
            position += 1
        }
        return nil
    }

    /// The value at `node` when it is a scalar (cheap: nothing below it), else `nil`.
    func scalarValue(at node: Int) -> JSONValue? {
        kind(of: node).isContainer ? nil : value(at: node)
    }
}
