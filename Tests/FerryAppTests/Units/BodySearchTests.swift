import FerryJSON
import Testing

@testable import FerryApp

/// Searching a response body: FerryJSON queries, node search by text, and lines of a text body.
@Suite("Body search")
struct BodySearchTests {
    @Test func aQuerysResultsAreATreeWhoseRowsLeadBackIntoTheBody() throws {
        let document = try JSONDocument(
            parsing: #"{"items": [{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": []}], "n": 2}"#)
        let filter = BodySearch.filter(".items[]", in: document)
        let tree = try #require(filter.tree)
        #expect(filter.resultRoots.count == 2)
        #expect(filter.treeRowCount == 2, "several results: a row each, folded")
        #expect(tree.document.key(of: filter.resultRoots[1]) == ".items[1]")
        var unfolded = tree
        unfolded.setCollapsed(false, filter.resultRoots[0])
        var opened = filter
        opened.tree = unfolded
        // Rows: .items[0] ▾, id, tags ▸, .items[1] ▸ — `tags` of the first result is the body's .items[0].tags.
        let tags = try #require(opened.documentNode(ofRow: 3))
        #expect(document.path(of: tags).description == ".items[0].tags")
        #expect(opened.resultIndex(ofRow: 3) == 0 && opened.resultIndex(ofRow: 4) == 1)
        #expect(opened.row(ofResult: 1) == 4)
        let single = BodySearch.filter(".items[0]", in: document)
        #expect(single.treeRowCount == 3, "one result opens to its members: \(single.treeRowCount)")
        let computed = BodySearch.filter(".items | length", in: document)
        #expect(computed.tree.map { $0.document.rawText(of: computed.resultRoots[0]) } == "2")
        #expect(computed.documentNode(ofRow: 1) == nil)
    }

    @Test func aResultPastTheCopyLimitIsNamedByItsSizeAndLeadsToTheBody() throws {
        let big = String(repeating: "x", count: JSONFilter.treeByteLimit + 10)
        let document = try JSONDocument(parsing: #"{"small": 1, "big": "\#(big)"}"#)
        let filter = BodySearch.filter(".[]", in: document)
        let tree = try #require(filter.tree)
        #expect(tree.document.bytes.count < 200, "the big value is not copied")
        #expect(tree.document.rawText(of: filter.resultRoots[1]).contains(" MB: Enter shows it in the body)"))
        #expect(filter.documentNode(ofRow: 2).map { document.path(of: $0).description } == ".big")
    }

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
        #expect(BodySearch.filter(".[0]", in: document).error?.message.contains("cannot index object") == true)
        // JSONPath selects nothing where jq fails, and filters.
        #expect(BodySearch.filter("$[0]", in: document).results.isEmpty)
        #expect(BodySearch.filter("$.items[?@.id==2].name", in: document).results.map(\.preview) == ["\"Bob\""])
        // A bad query: worded, at its column in what was typed.
        let bad = BodySearch.filter(".items[]!name", in: document)
        #expect(bad.error?.column == 9)
        #expect(bad.results.isEmpty)
        #expect(bad.summary.hasPrefix("Cannot filter with .items[]!name: column 9: "), "\(bad.summary)")
        let badPath = BodySearch.filter("$.items[]", in: document)
        #expect(badPath.error?.column == 9)
        #expect(badPath.error?.message.hasPrefix("expected a selector") == true)
        #expect(BodySearch.filter(".items[0].id.x", in: document).error?.message == "cannot index number with \"x\"")
        #expect(BodySearch.filter(".nothing", in: document).results.map(\.preview) == ["null"])
        let named = BodySearch.nodes(containing: "NAME", in: document)
        #expect(named.rows.map { document.path(of: $0).description } == [".items[0].name", ".items[1].name"])
        #expect(named.total == 2 && !named.isCapped)
        let text = TextBody(bytes: Array("alpha\nbeta\ngamma alpha alpha\n".utf8))
        #expect(BodySearch.lines(containing: "alpha", in: text) == BodySearch.Matches(rows: [0, 2], total: 2))
    }

    /// A query with more results than the cap shows the first `matchLimit` and says how many there are; past
    /// the count limit it says "more than" (never an error, as it was past 100,000).
    @Test func queriesPastTheCapShowTheFirstAndSaySo() throws {
        let items = (0..<60_000).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        let document = try JSONDocument(parsing: "[" + items + "]")
        let ids = BodySearch.filter(".[].id", in: document)
        #expect(ids.error == nil && ids.isCountComplete)
        #expect(ids.results.count == BodySearch.matchLimit && ids.total == 60_000)
        #expect(ids.results.last?.preview == "9999" && ids.results.last?.node != nil)
        #expect(ids.summary == "first 10,000 of 60,000 matches for .[].id")
        // `..` of it has 120,001 results: the first shown, the count stopped at the limit and said so.
        let everything = BodySearch.filter("..", in: document)
        #expect(everything.error == nil, "\(everything.summary)")
        #expect(everything.results.count == BodySearch.matchLimit && !everything.isCountComplete)
        #expect(everything.total == BodySearch.queryCountLimit)
        #expect(everything.summary == "first 10,000 of more than 100,000 matches for ..")
        #expect(everything.results.first?.path == ".")
    }

    /// More matching rows than the cap: the first `matchLimit` are kept and the count is the true one.
    @Test func countsAreTrueBeyondTheCap() throws {
        let lines = 322_331
        let text = TextBody(bytes: Array(String(repeating: "an id and another ID\n", count: lines).utf8))
        let found = BodySearch.lines(containing: "id", in: text)
        #expect(found.total == lines)
        #expect(found.rows.count == BodySearch.matchLimit && found.rows.first == 0 && found.rows.last == 9_999)
        #expect(found.isCapped)
        var viewport = BodyViewport()
        viewport.search = "id"
        viewport.matches = found.rows
        viewport.matchTotal = found.total
        #expect(ResponseFeature.matchSummary(viewport) == "first 10,000 of 322,331 matches for id")
        viewport.matches = [3]
        viewport.matchTotal = 1
        #expect(ResponseFeature.matchSummary(viewport) == "1 match for id")
        // JSON: one node per scalar however many hits it holds; every node counted.
        let items = (0..<12_000).map { #"{"id": "id-id-\#($0)"}"# }.joined(separator: ",")
        let document = try JSONDocument(parsing: "[" + items + "]")
        let nodes = BodySearch.nodes(containing: "id-", in: document)
        #expect(nodes.total == 12_000 && nodes.rows.count == BodySearch.matchLimit)
        #expect(BodySearch.formatCount(0) == "0" && BodySearch.formatCount(999) == "999")
        #expect(BodySearch.formatCount(1_000) == "1,000" && BodySearch.formatCount(1_234_567) == "1,234,567")
    }
}
