import FerryJSON
import Testing

@testable import FerryApp

/// Searching a response body: FerryJSON queries, node search by text, and lines of a text body.
@Suite("Body search")
struct BodySearchTests {
    @Test func bodySearchFindsPathsTextAndLines() throws {
        let document = try JSONDocument(parsing: #"{"items": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bob"}]}"#)
        let ids = BodySearch.filter(".items[].id", in: document)
        #expect(ids.results.map(\.path) == [".items[0].id", ".items[1].id"])
        #expect(ids.results.map(\.preview) == ["1", "2"])
        #expect(ids.summary == "2 matches for .items[].id")
        let last = BodySearch.filter("$.items[-1].name", in: document)
        #expect(last.results.map(\.preview) == ["\"Bob\""])
        #expect(last.results.map(\.path) == [".items[1].name"])
        #expect(BodySearch.isQuery("$.a") && BodySearch.isQuery(".a") && !BodySearch.isQuery("name"))
        // FerryJSON's language: recursion, pipes and computed values (which have no path).
        #expect(BodySearch.filter("..name", in: document).results.map(\.path) == [".items[0].name", ".items[1].name"])
        let count = BodySearch.filter(".items | length", in: document)
        #expect(count.results.map(\.preview) == ["2"] && count.results.map(\.node) == [nil])
        #expect(BodySearch.filter("$", in: document).results.map(\.path) == ["."])
        #expect(BodySearch.filter("$[0]", in: document).error?.message.contains("cannot index object") == true)
        // A bad query: worded, at its column in what was typed (the `$` counted).
        let bad = BodySearch.filter(".items[]!name", in: document)
        #expect(bad.error?.column == 9)
        #expect(bad.results.isEmpty)
        #expect(bad.summary.hasPrefix("Cannot filter with .items[]!name: column 9: "), "\(bad.summary)")
        #expect(BodySearch.filter("$.items[]!name", in: document).error?.column == 10)
        #expect(BodySearch.filter(".items[0].id.x", in: document).error?.message == "cannot index number with \"x\"")
        #expect(BodySearch.filter(".nothing", in: document).results.map(\.preview) == ["null"])
        let named = BodySearch.nodes(containing: "NAME", in: document)
        #expect(named.map { document.path(of: $0).description } == [".items[0].name", ".items[1].name"])
        let text = TextBody(bytes: Array("alpha\nbeta\ngamma alpha\n".utf8))
        #expect(BodySearch.lines(containing: "alpha", in: text) == [0, 2])
    }
}
