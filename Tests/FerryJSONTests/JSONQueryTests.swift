import FerryJSON
import Testing

@Suite struct JSONQueryTests {
    let json: JSONValue = [
        "a": ["b": [10, 20]],
        "items": [["id": 1, "name": "ferry"], ["id": 2, "name": "dock", "sub": ["id": 3]], ["name": "pier"]],
        "text": "héllo", "n": -4.5, "empty": nil,
    ]

    func run(_ query: String) throws -> [JSONValue] { try JSONQuery(query).evaluate(json) }

    @Test func pathsIndexAndIterate() throws {
        #expect(try run(".") == [json])
        #expect(try run(".a.b[0]") == [10])
        #expect(try run(".a.b[-1]") == [20])
        #expect(try run(".a.b[5]") == [nil])
        #expect(try run(".items[].name") == ["ferry", "dock", "pier"])
        #expect(try run(".items[2].id") == [nil])
        #expect(try run(#".["items"][0]."name""#) == ["ferry"])
        #expect(try run(".a[]") == [[10, 20]])
        #expect(try run(".empty.x") == [nil])
    }

    @Test func recursiveDescentFindsEveryMatchInDocumentOrder() throws {
        #expect(try run("..id") == [1, 2, 3])
        #expect(try run(".a | ..") == [["b": [10, 20]], [10, 20], 10, 20])
    }

    @Test func slices() throws {
        let numbers = JSONValue.array((0..<8).map { .number(JSONNumber($0)) })
        #expect(try JSONQuery(".[2:5]").evaluate(numbers) == [[2, 3, 4]])
        #expect(try JSONQuery(".[:2]").evaluate(numbers) == [[0, 1]])
        #expect(try JSONQuery(".[-2:]").evaluate(numbers) == [[6, 7]])
        #expect(try JSONQuery(".[6:2]").evaluate(numbers) == [[]])
        #expect(try run(".text[1:3]") == ["él"])
    }

    @Test func functionsAndPipes() throws {
        #expect(try run(".items | length") == [3])
        #expect(try run("keys") == [["a", "items", "text", "n", "empty"]])
        #expect(try run(".a.b | keys") == [[0, 1]])
        #expect(try run(".text | length") == [5])
        #expect(try run(".n | length") == [.number(JSONNumber(text: "4.5")!)])
        #expect(try run(".empty|length") == [0])
        #expect(try run(" .items[] | .name | length ") == [5, 4, 4])
    }

    @Test func unknownSyntaxPointsAtTheColumn() {
        let cases: [(String, Int, String)] = [
            (".items[]!name", 9, "unexpected character '!'"),
            (".a | map(.b)", 6, "unknown function 'map'"),
            (".a.", 3, "expected a key after '.'"),
            (".a[1", 5, "expected ']'"),
            (".a[x]", 4, "expected an index"),
            ("", 1, "empty query"),
            (".a |", 5, "expected a filter after '|'"),
            (#".["open]"#, 3, "unterminated string"),
            ("[0]", 1, "unexpected character '['; a filter starts with '.'"),
        ]
        for (query, column, message) in cases {
            let error = #expect(throws: JSONQueryError.self) { try JSONQuery(query) }
            #expect(error?.column == column, "\(query)")
            #expect(error?.message.hasPrefix(message) == true, "\(query): \(error?.message ?? "")")
        }
        let error = #expect(throws: JSONQueryError.self) { try JSONQuery(".a | map(.b)") }
        #expect(
            error?.description == "column 6: unknown function 'map'; supported: length, keys\n  .a | map(.b)\n       ^")
    }

    @Test func typeErrorsNameTheStep() {
        let error = #expect(throws: JSONQueryError.self) { try run(".items.name") }
        #expect(error?.message == #"cannot index array with "name""#)
        #expect(error?.column == 7)
        #expect(throws: JSONQueryError.self) { try run(".text[]") }
        #expect(throws: JSONQueryError.self) { try run(".n | keys") }
    }
}

@Suite struct JSONQueryLimitTests {
    /// `..` repeated multiplies the results; past the limit the query fails with an error instead of running
    /// on.
    @Test func repeatedRecursiveDescentStopsAtTheResultLimit() throws {
        let value: JSONValue = ["a": [1, [2, [3, ["b": 4]]]], "c": "x"]
        let query = try JSONQuery("\n" + String(repeating: ".", count: 68))
        let error = #expect(throws: JSONQueryError.self) { _ = try query.evaluate(value, maximumResults: 1000) }
        #expect(error?.message == "more than 1000 results")
        #expect(try JSONQuery("..|..").evaluate(value, maximumResults: 100).count == 35)
        #expect(throws: JSONQueryError.self) { _ = try JSONQuery("..|..").evaluate(value, maximumResults: 30) }
    }
}
