import FerryJSON

// MARK: - A query's results as a foldable tree

extension BodySearch {
    /// Gives `filter` its results as a tree (``JSONFilter/tree``): an object whose members are the results named
    /// by their paths, each a copy of its bytes in `document` (a computed value written compactly) while the
    /// copies stay within ``JSONFilter/treeByteLimit``; a result past it is a string saying its size (Enter shows it
    /// in the body's tree). One result opens to its members; several show a row each, folded.
    static func addTree(to filter: inout JSONFilter, from document: JSONDocument) {
        guard filter.error == nil, !filter.results.isEmpty else { return }
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        var copied = 0
        for (index, result) in filter.results.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += JSONValue.string(result.path).formattedBytes(.compact)
            bytes.append(UInt8(ascii: ":"))
            let value: ArraySlice<UInt8>
            if let node = result.node {
                value = document.bytes[document.byteRange(of: node)]
            } else {
                value = ArraySlice(result.computed ?? Array("null".utf8))
            }
            if copied + value.count <= JSONFilter.treeByteLimit {
                bytes += value
                copied += value.count
            } else {
                let size = WorkbenchView.formatBytes(value.count)
                bytes += JSONValue.string("(\(size): Enter shows it in the body)").formattedBytes(.compact)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        guard let copy = try? JSONDocument(parsing: bytes) else { return }
        filter.tree = JSONTree(document: copy, expandedDepth: filter.results.count == 1 ? 2 : 1)
        filter.resultRoots = Array(copy.children(of: 0))
        filter.selectedRow = 1
    }
}
