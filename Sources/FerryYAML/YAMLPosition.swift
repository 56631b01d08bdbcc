/// Line and column arithmetic over a document's bytes, as ``YAMLDocument/position(ofPointer:)`` reports
/// positions; public so that a reader of JSON (which YAML 1.2 contains) places its nodes the same way.
///
/// ```swift
/// let bytes = Array("a: 1\nb: é2\n".utf8)
/// let starts = YAMLPosition.lineStarts(of: bytes)                    // [0, 5, 12]
/// YAMLPosition.lineAndColumn(of: 10, in: bytes, lineStarts: starts)  // (2, 5): the "2"
/// ```
public enum YAMLPosition {
    /// The byte offsets where lines start (the first is 0).
    public static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        return starts
    }

    /// The 1-based line and character column of byte `offset` (columns count Unicode scalars);
    /// `lineStarts` is ``lineStarts(of:)`` of `bytes`.
    public static func lineAndColumn(of offset: Int, in bytes: [UInt8], lineStarts: [Int]) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        let end = min(max(offset, start), bytes.count)
        let column = bytes[start..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (low + 1, column)
    }
}
