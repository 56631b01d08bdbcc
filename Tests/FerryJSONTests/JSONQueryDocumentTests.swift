import FerryJSON
import Testing

/// Queries run on a document's tape: the same results and errors as on values, with nodes (and so paths)
/// wherever a result is part of the document.
@Suite struct JSONQueryDocumentTests {
    let text = #"""
        {"a": {"b": [10, 20]}, "items": [{"id": 1, "name": "ferry"}, {"id": 2, "name": "dock", "sub": {"id": 3}},
         {"name": "pier"}], "text": "héllo", "n": -4.5, "empty": null, "dup": 1, "dup": 2}
        """#

    let queries = [
        ".", ".a.b[0]", ".a.b[-1]", ".a.b[5]", ".items[].name", ".items[2].id", #".["items"][0]."name""#, ".a[]",
        ".empty.x", "..id", ".a | ..", "..", ".items[1:]", ".text[1:3]", ".items | length", ".items[0] | keys",
        ".a.b | keys", ".n | length", ".dup", ".items[].sub", ".items[-1]", "..name | length", ".items[:2][].id",
    ]

    @Test func givesTheSameResultsAsTheValueEvaluation() throws {
        let document = try JSONDocument(parsing: text)
        let value = try JSONValue(parsing: text)
        for query in queries {
            let parsed = try JSONQuery(query)
            let expected = try parsed.evaluate(value)
            let results = try parsed.evaluate(in: document)
            let values = results.map { result -> JSONValue in
                switch result {
                case .node(let node): document.value(at: node)
                case .value(let value): value
                }
            }
            #expect(values == expected, "\(query)")
        }
    }

    @Test func walkingStepsGiveNodesWithTheirPaths() throws {
        let document = try JSONDocument(parsing: text)
        func paths(_ query: String) throws -> [String] {
            try JSONQuery(query).evaluate(in: document).map { result in
                guard case .node(let node) = result else { return "value" }
                return document.path(of: node).description
            }
        }
        #expect(try paths(".items[].name") == [".items[0].name", ".items[1].name", ".items[2].name"])
        #expect(try paths("..id") == [".items[0].id", ".items[1].id", ".items[1].sub.id"])
        #expect(try paths(".a.b[-1]") == [".a.b[1]"])
        #expect(try paths(".dup") == [".dup"])
        #expect(
            try JSONQuery(".dup").evaluate(in: document).map { result -> JSONValue? in
                if case .node(let node) = result { return document.value(at: node) }
                return nil
            } == [2])
        #expect(try paths(".missing") == ["value"])
        #expect(try paths(".items | length") == ["value"])
        #expect(try paths(".a | ..") == [".a", ".a.b", ".a.b[0]", ".a.b[1]"])
    }

    @Test func failsWithTheValueEvaluationsErrorAndColumn() throws {
        let document = try JSONDocument(parsing: text)
        let value = try JSONValue(parsing: text)
        for query in [".text.x", ".n[0]", ".items[0].id[]", ".text | keys", ".a.b | .[0] | .x"] {
            let parsed = try JSONQuery(query)
            let expected = #expect(throws: JSONQueryError.self) { try parsed.evaluate(value) }
            let actual = #expect(throws: JSONQueryError.self) { try parsed.evaluate(in: document) }
            #expect(actual == expected, "\(query)")
        }
        #expect(throws: JSONQueryError.self) {
            try JSONQuery(".. | .. | ..").evaluate(in: document, maximumResults: 50)
        }
    }
}

@Suite struct JSONQueryDocumentLimitTests {
    @Test func recursionPastTheLimitFailsWithTheSameError() throws {
        let text = "[" + (0..<1000).map(String.init).joined(separator: ",") + "]"
        let document = try JSONDocument(parsing: text)
        let query = try JSONQuery("..")
        let expected = #expect(throws: JSONQueryError.self) {
            try query.evaluate(try JSONValue(parsing: text), maximumResults: 100)
        }
        let actual = #expect(throws: JSONQueryError.self) { try query.evaluate(in: document, maximumResults: 100) }
        #expect(actual == expected)
        #expect(try query.evaluate(in: document, maximumResults: 1001).count == 1001)
    }
}

/// The first results of a query and an honest count: the same results as the whole evaluation, in order.
@Suite struct JSONQueryFirstResultsTests {
    @Test func keepsTheFirstAndCountsTheRestUpToTheLimit() throws {
        let text = "[" + (0..<1000).map { #"{"id": \#($0), "tags": ["a", "b"]}"# }.joined(separator: ",") + "]"
        let document = try JSONDocument(parsing: text)
        for query in [".[].id", "..", ".[].tags[]", "..id", ".[] | .tags | length", ".[5:8][].id", ".[3]"] {
            let parsed = try JSONQuery(query)
            let all = try parsed.evaluate(in: document, maximumResults: 100_000)
            let found = try parsed.firstResults(in: document, keeping: 10, countingUpTo: 100_000)
            #expect(found.first == Array(all.prefix(10)), "\(query)")
            #expect(found.total == all.count && found.isComplete, "\(query)")
        }
        // `..` has 4,001 results: counting stops at 500 and says there are more.
        let capped = try JSONQuery("..").firstResults(in: document, keeping: 3, countingUpTo: 500)
        #expect(capped.first == [.node(0), .node(1), .node(2)])
        #expect(capped.total == 500 && !capped.isComplete)
        // Errors are the evaluation's.
        #expect(throws: JSONQueryError.self) {
            try JSONQuery(".[0].id.x").firstResults(in: document, keeping: 10, countingUpTo: 100)
        }
    }
}
