import FerryJSON
import FerryTestSupport
import Testing

@Suite struct JSONTreeTests {
    static let sample = #"{"a": [1, {"b": 2, "c": [3, 4]}, []], "d": "text", "e": {"f": null}}"#

    /// Visible nodes computed the slow, obvious way: recursively, skipping collapsed subtrees.
    static func naiveRows(_ tree: JSONTree) -> [Int] {
        var rows: [Int] = []
        func visit(_ node: Int) {
            rows.append(node)
            guard !tree.isCollapsed(node) else { return }
            for child in tree.document.children(of: node) { visit(child) }
        }
        visit(tree.document.root)
        return rows
    }

    @Test func rowsDescribeNodes() throws {
        let tree = JSONTree(document: try JSONDocument(parsing: Self.sample))
        #expect(tree.visibleRowCount == 12)
        let rows = tree.rows(0..<12)
        #expect(rows.map(\.node) == Array(0..<12))
        #expect(rows[1].key == "a" && rows[1].kind == .array && rows[1].childCount == 3 && rows[1].depth == 1)
        #expect(rows[3].index == 1 && rows[3].key == nil && rows[3].kind == .object)
        #expect(rows[6].preview == "3" && rows[6].depth == 4)
        #expect(rows[9].preview == "\"text\"" && rows[9].byteSize == 6)
        #expect(tree.document.path(of: rows[7].node).description == ".a[1].c[1]")
        #expect(tree.document.path(of: 0).description == ".")
    }

    @Test func collapsingHidesSubtreesAndExpandingRestoresNestedState() throws {
        var tree = JSONTree(document: try JSONDocument(parsing: Self.sample))
        tree.setCollapsed(true, 5)  // .a[1].c
        #expect(tree.visibleRowCount == 10)
        tree.setCollapsed(true, 1)  // .a
        #expect(tree.visibleRowCount == 5)
        #expect(tree.rows(0..<5).map(\.node) == [0, 1, 9, 10, 11])
        #expect(tree.row(of: 6) == nil && tree.row(of: 10) == 3)
        tree.toggle(1)
        #expect(tree.rows(0..<100).map(\.node) == [0, 1, 2, 3, 4, 5, 8, 9, 10, 11])
        #expect(tree.rows(0..<100).first { $0.node == 5 }?.isCollapsed == true)
        tree.setCollapsed(true, 2)  // a scalar: no effect
        tree.setCollapsed(true, 8)  // an empty array: no effect
        #expect(tree.visibleRowCount == 10)
    }

    @Test func expandedDepthCollapsesDeeperContainers() throws {
        let document = try JSONDocument(parsing: Self.sample)
        #expect(JSONTree(document: document, expandedDepth: 0).visibleRowCount == 1)
        let tree = JSONTree(document: document, expandedDepth: 1)
        #expect(tree.rows(0..<10).map(\.node) == [0, 1, 9, 10])
        var expanded = tree
        expanded.expandAll()
        #expect(expanded.visibleRowCount == 12)
    }

    @Test func randomTogglesMatchTheNaiveModel() throws {
        // A generated document with nested arrays and objects; 300 random toggles, checked after each one.
        var generator = SplitMix(seed: 42)
        var text = "["
        for item in 0..<400 {
            if item > 0 { text += "," }
            switch generator.next() % 4 {
            case 0: text += "{\"k\": [\(item), [\(item), {\"z\": []}], {\"y\": \(item)}], \"v\": \(item)}"
            case 1: text += "[[\(item)], [], [[\(item), \(item)]]]"
            case 2: text += "\(item)"
            default: text += "{\"s\": \"x\(item)\"}"
            }
        }
        text += "]"
        var tree = JSONTree(document: try JSONDocument(parsing: text), expandedDepth: 2)
        for step in 0..<300 {
            let node = Int(generator.next() % UInt64(tree.document.nodeCount))
            tree.toggle(node)
            if step % 50 == 0 { tree.toggle(0) }
            let expected = Self.naiveRows(tree)
            #expect(tree.visibleRowCount == expected.count)
            let start = Int(generator.next() % UInt64(expected.count))
            let shown = tree.rows(start..<(start + 30)).map(\.node)
            #expect(shown == Array(expected[start..<min(expected.count, start + 30)]), "step \(step)")
            let probe = expected[Int(generator.next() % UInt64(expected.count))]
            #expect(tree.row(of: probe) == expected.firstIndex(of: probe))
        }
    }

    @Test func largeDocumentsScrollToTheEndAfterCollapsing() async throws {
        try await offThePool {
            // 200,000 objects of 5 nodes each: 1,000,001 nodes; collapsing and expanding the root rebuilds once.
            var bytes: [UInt8] = Array("[".utf8)
            for item in 0..<200_000 {
                if item > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += Array("{\"id\":\(item),\"t\":[true,null]}".utf8)
            }
            bytes.append(UInt8(ascii: "]"))
            var tree = JSONTree(document: try JSONDocument(parsing: bytes))
            #expect(tree.visibleRowCount == 1_000_001)
            let last = tree.rows((tree.visibleRowCount - 4)..<tree.visibleRowCount)
            #expect(last.first?.key == "id" && last.first?.preview == "199999")
            tree.toggle(tree.node(atRow: tree.visibleRowCount - 3))  // the last .t
            #expect(tree.visibleRowCount == 999_999)
            tree.toggle(0)
            #expect(tree.visibleRowCount == 1)
            tree.toggle(0)
            #expect(tree.visibleRowCount == 999_999)
            #expect(tree.document.path(of: tree.node(atRow: 999_998)).description == ".[199999].t")
        }
    }
}

/// A small deterministic generator, so failures reproduce.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
