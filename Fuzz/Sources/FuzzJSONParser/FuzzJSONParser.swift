import FerryJSON

/// libFuzzer entry: parses the input strictly and leniently; whatever parses must print and re-parse to the
/// same value, and its tree must walk consistently. Any trap is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for options in [JSONParseOptions.strict, .lenient, JSONParseOptions(maximumDepth: 8)] {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes, options: options)
        } catch {
            _ = error.description
            precondition(error.offset <= size, "error offset past the end")
            continue
        }
        let value = document.value(at: document.root)
        for format in [JSONFormat.compact, .pretty(indent: 2)] {
            guard let reparsed = try? JSONValue(parsing: value.formattedBytes(format)) else {
                preconditionFailure("printed value does not parse: \(value)")
            }
            precondition(reparsed == value, "round trip changed the value")
            precondition(document.formattedBytes(format) == value.formattedBytes(format), "tape printer differs")
        }
        var visited = 0
        for node in 0..<document.nodeCount {
            precondition(document.byteRange(of: node).upperBound <= size)
            _ = document.path(of: node)
            visited += document.children(of: node).reduce(0) { count, _ in count + 1 }
        }
        precondition(visited == document.nodeCount - 1, "children do not cover every node once")
        var tree = JSONTree(document: document, expandedDepth: 2)
        for row in tree.rows(0..<64) {
            tree.toggle(row.node)
            precondition(tree.rows(0..<tree.visibleRowCount).count == tree.visibleRowCount)
        }
    }
    return 0
}
