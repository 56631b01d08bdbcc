import FerryJSON

/// The first document of a YAML stream as a ``JSONValue``, with warnings and where its nodes were.
public struct YAMLDocument: Sendable {
    /// The document's value; mappings keep their key order.
    public var value: JSONValue
    /// Problems that did not stop reading, such as a key given twice (both members are kept, and a
    /// lookup finds the last, as in other YAML loaders).
    public var warnings: [YAMLError]
    /// The byte offset where each mapping value and sequence item starts, keyed by its JSON pointer
    /// (`/paths/~1pets/get`); the root is `""`. Nodes reached through an alias or merge are not listed.
    var offsets: [String: Int]
    /// The start of each line, as byte offsets.
    let lineStarts: [Int]
    /// The document's bytes (line breaks normalized to `\n`).
    let bytes: [UInt8]

    /// The 1-based line and column of the node at `pointer` (an RFC 6901 JSON pointer), or of its
    /// nearest listed ancestor; `nil` when not even the root is listed.
    public func position(ofPointer pointer: String) -> (line: Int, column: Int)? {
        var current = Substring(pointer)
        while true {
            if let offset = offsets[String(current)] {
                return YAMLPosition.lineAndColumn(of: offset, in: bytes, lineStarts: lineStarts)
            }
            guard let slash = current.lastIndex(of: "/") else { return nil }
            current = current[..<slash]
        }
    }
}
