import FerryJSON
import Testing

@Suite struct JSONDocumentTests {
    @Test func byteRangesCoverEachValueIncludingNestedClosers() throws {
        let text = #"{"a" : [ [1, [] ] , {"b":"x\"y"} ] , "c": { } , "d": -1.5e3}"#
        let document = try JSONDocument(parsing: text)
        let bytes = Array(text.utf8)
        var texts: [String] = []
        for node in 0..<document.nodeCount {
            let range = document.byteRange(of: node)
            #expect(document.byteSize(of: node) == range.count)
            texts.append(String(decoding: bytes[range], as: UTF8.self))
        }
        #expect(
            texts == [
                text, #"[ [1, [] ] , {"b":"x\"y"} ]"#, "[1, [] ]", "1", "[]", #"{"b":"x\"y"}"#, #""x\"y""#, "{ }",
                "-1.5e3",
            ])
        #expect(document.rawText(of: 6) == #""x\"y""#)
        #expect(document.string(at: 6) == "x\"y")
    }

    @Test func containerEndsSkipCommentsAndTrailingCommasInLenientInput() throws {
        let text = "[ [1, /* ] */ 2, // ]\n ], {\"k\": [3,],}, ]"
        let document = try JSONDocument(parsing: text, options: .lenient)
        let bytes = Array(text.utf8)
        let inner = String(decoding: bytes[document.byteRange(of: 1)], as: UTF8.self)
        #expect(inner == "[1, /* ] */ 2, // ]\n ]")
        #expect(document.byteRange(of: 0) == 0..<bytes.count)
        #expect(String(decoding: bytes[document.byteRange(of: 4)], as: UTF8.self) == "{\"k\": [3,],}")
    }

    @Test func structureAccessorsAgree() throws {
        let document = try JSONDocument(parsing: #"{"items": [{"id": 1}, {"id": 2, "tags": []}], "n": null}"#)
        #expect(document.nodeCount == 8)
        #expect(Array(document.children(of: 0)) == [1, 7])
        #expect(Array(document.children(of: 1)) == [2, 4])
        #expect(document.childCount(of: 1) == 2 && document.subtreeCount(of: 1) == 6)
        #expect(document.key(of: 5) == "id" && document.index(of: 4) == 1 && document.parent(of: 6) == 4)
        #expect(document.depth(of: 6) == 3 && document.kind(of: 6) == .array && document.childCount(of: 6) == 0)
        #expect(document.path(of: 6).description == ".items[1].tags")
        #expect(document.value(at: 4) == ["id": 2, "tags": []])
    }

    @Test func largeChildCountsAreExact() throws {
        for count in [2046, 2047, 2048, 100_000] {
            let text = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
            let document = try JSONDocument(parsing: text)
            #expect(document.childCount(of: 0) == count)
            #expect(document.value(at: 0).arrayValue?.count == count)
            #expect(document.index(of: count) == count - 1)
        }
    }
}
