import FerryJSON
import Testing

/// Queries run on a document's tape: nodes (and so paths) wherever a result is part of the document, values
/// where a jq filter computes.
@Suite struct JSONQueryDocumentTests {
    let text = #"""
        {"a": {"b": [10, 20]}, "items": [{"id": 1, "name": "ferry"}, {"id": 2, "name": "dock", "sub": {"id": 3}},
         {"name": "pier"}], "text": "héllo", "n": -4.5, "empty": null, "dup": 1, "dup": 2, "k\"ey": 7}
        """#

    func paths(_ query: String) throws -> [String] {
        let document = try JSONDocument(parsing: text)
        return try JSONQuery(query).evaluate(in: document).map { result in
            guard case .node(let node) = result else { return "value" }
            return document.path(of: node).description
        }
    }

    @Test func walkingStepsGiveNodesWithTheirPaths() throws {
        #expect(try paths(".items[].name") == [".items[0].name", ".items[1].name", ".items[2].name"])
        #expect(try paths("..id") == [".items[0].id", ".items[1].id", ".items[1].sub.id"])
        #expect(try paths(".a.b[-1]") == [".a.b[1]"])
        #expect(try paths(".dup") == [".dup"])
        #expect(try paths(".missing") == ["value"])
        #expect(try paths(".items | length") == ["value"])
        #expect(try paths(".a | ..") == [".a", ".a.b", ".a.b[0]", ".a.b[1]"])
        #expect(try paths(".items[] | select(.id == 2)") == [".items[1]"])
        #expect(try paths(#".["k\"ey"]"#) == [#".["k\"ey"]"#])
    }

    @Test func jsonPathGivesNodesInRFC9535Order() throws {
        #expect(try paths("$.items[*].name") == [".items[0].name", ".items[1].name", ".items[2].name"])
        #expect(try paths("$..id") == [".items[0].id", ".items[1].id", ".items[1].sub.id"])
        #expect(try paths("$.items[?@.id==2].name") == [".items[1].name"])
        #expect(try paths("$.items[?@.id > 1 || !@.id]") == [".items[1]", ".items[2]"])
        #expect(try paths("$.items[?match(@.name, 'f.*y')]") == [".items[0]"])
        #expect(try paths("$.items[?search(@.name, 'o')]") == [".items[1]"])
        #expect(try paths("$.items[?length(@) == 3]") == [".items[1]"])
        #expect(try paths("$.items[?count(@.*) == 1]") == [".items[2]"])
        #expect(try paths("$.items[?value(@..id) == 3]") == [])
        #expect(try paths("$.items[?value(@.sub.id) == 3]") == [".items[1]"])
        #expect(try paths("$.a.b[::-1]") == [".a.b[1]", ".a.b[0]"])
        #expect(try paths("$['dup']") == [".dup"])
        #expect(try paths(#"$["k\"ey"]"#) == [#".["k\"ey"]"#])
        #expect(try paths("$.nothing") == [])
    }

    @Test func normalizedPathsAreRFC9535s() throws {
        let document = try JSONDocument(parsing: #"{"a'b": [{"c\n": 1, "d\u0001": 2}]}"#)
        let found = try JSONQuery("$..*").evaluate(in: document).compactMap { result -> String? in
            guard case .node(let node) = result else { return nil }
            return document.path(of: node).normalized
        }
        #expect(found == [#"$['a\'b']"#, #"$['a\'b'][0]"#, #"$['a\'b'][0]['c\n']"#, #"$['a\'b'][0]['d\u0001']"#])
    }

    @Test func theLanguageFollowsTheFirstCharacter() throws {
        #expect(try JSONQuery("$.a").language == .jsonPath)
        #expect(try JSONQuery(".a").language == .jq)
        #expect(try JSONQuery("keys").language == .jq)
        #expect(try JSONQuery("$.a.b[0]").isSingular)
        #expect(try !JSONQuery("$.a[*]").isSingular)
        #expect(try JSONQuery(".a.b[0]").isSingular)
        #expect(try !JSONQuery(".a[]").isSingular)
    }

    @Test func badJSONPathSaysWhatAndWhere() {
        let cases: [(String, Int, String)] = [
            ("$.items[?(@.id==5)", 19, "expected ',' or ']'"),
            ("$.a[?@.b == 1 == 2]", 15, "expected ',' or ']'"),
            ("$[?@.*==1]", 4, "this query can select several nodes"),
            ("$[?length(@)]", 4, "length() gives a value, not true or false"),
            ("$[?foo(@)]", 4, "unknown function 'foo'"),
            ("$[?1]", 4, "a literal is not a test"),
            ("$[01]", 3, "a leading zero"),
            ("$.a ", 4, "blank space after the query"),
            (" $.a", 1, "blank space before '$'"),
            ("$[\"\\x\"]", 4, "invalid escape '\\x'"),
            ("$[9007199254740992]", 3, "9007199254740992 is out of range"),
        ]
        for (query, column, message) in cases {
            let error = #expect(throws: JSONQueryError.self) { try JSONQuery(query) }
            #expect(error?.column == column, "\(query): \(error?.description ?? "")")
            #expect(error?.message.hasPrefix(message) == true, "\(query): \(error?.message ?? "")")
        }
    }
}

@Suite struct JSONQueryDocumentLimitTests {
    @Test func recursionPastTheLimitFailsWithAnError() throws {
        let text = "[" + (0..<1000).map(String.init).joined(separator: ",") + "]"
        let document = try JSONDocument(parsing: text)
        for query in ["..", "$..*"] {
            let error = #expect(throws: JSONQueryError.self) {
                try JSONQuery(query).evaluate(in: document, maximumResults: 100)
            }
            #expect(error?.message == "more than 100 results")
        }
        #expect(try JSONQuery("..").evaluate(in: document, maximumResults: 1001).count == 1001)
    }
}

/// The first results of a query and an honest count: the same results as the whole evaluation, in order.
@Suite struct JSONQueryFirstResultsTests {
    @Test func keepsTheFirstAndCountsTheRestUpToTheLimit() throws {
        let text = "[" + (0..<1000).map { #"{"id": \#($0), "tags": ["a", "b"]}"# }.joined(separator: ",") + "]"
        let document = try JSONDocument(parsing: text)
        let queries = [
            ".[].id", "..", ".[].tags[]", "..id", ".[] | .tags | length", ".[5:8][].id", ".[3]", "$[*].id", "$..id",
            "$[?@.id < 20].tags[0]", "$[5:8]", "$..*", ".[] | select(.id > 990) | .id",
        ]
        for query in queries {
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
        let cappedPath = try JSONQuery("$..*").firstResults(in: document, keeping: 3, countingUpTo: 500)
        // RFC 9535 order: the root's children first, then each one's.
        #expect(cappedPath.first == [.node(1), .node(6), .node(11)])
        #expect(cappedPath.total == 500 && !cappedPath.isComplete)
        // Errors are the evaluation's.
        #expect(throws: JSONQueryError.self) {
            try JSONQuery(".[0].id.x").firstResults(in: document, keeping: 10, countingUpTo: 100)
        }
    }
}
