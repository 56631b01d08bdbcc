import FerryJSON
import Testing

/// The jq subset: paths, iteration, recursion, pipes, `select`, `map`, comparisons and the built-ins, with
/// jq's results and jq's errors.
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
        #expect(try run(".items[0] | .id, .name") == [1, "ferry"])
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

    @Test func selectMapAndComparisons() throws {
        #expect(try run(".items[] | select(.id == 2) | .name") == ["dock"])
        #expect(try run(".items[] | select(.id >= 2 or .name == \"pier\") | .name") == ["dock", "pier"])
        #expect(try run(".items[] | select(.id and .sub) | .sub.id") == [3])
        #expect(try run(".items[] | select(.id | not) | .name") == ["pier"])
        #expect(try run(".items | map(.id)") == [[1, 2, nil]])
        #expect(try run(".items | map(select(.id != null) | .name)") == [["ferry", "dock"]])
        #expect(try run(".items | map(.name) | first, last") == ["ferry", "pier"])
        #expect(try run("[.items[].id] | length") == [3])
        #expect(try run(".items[2].id // \"none\"") == ["none"])
        #expect(try run(".a.b[] | select(. > 15)") == [20])
        #expect(try run("1 == 1.0, \"a\" < \"b\", null < false, [1] < [1, 0]") == [true, true, true, true])
        #expect(try run(".items[0] | has(\"id\"), has(\"sub\")") == [true, false])
        #expect(try run(".items, .text, .n, .empty | type") == ["array", "string", "number", "null"])
        #expect(try run(".items[] | .sub? | empty") == [])
    }

    @Test func functionsAndPipes() throws {
        #expect(try run(".items | length") == [3])
        #expect(try run("keys") == [["a", "empty", "items", "n", "text"]])
        #expect(try run("keys_unsorted") == [["a", "items", "text", "n", "empty"]])
        #expect(try run(".a.b | keys") == [[0, 1]])
        #expect(try run(".text | length") == [5])
        #expect(try run(".n | length") == [.number(JSONNumber(text: "4.5")!)])
        #expect(try run(".empty|length") == [0])
        #expect(try run(" .items[] | .name | length ") == [5, 4, 4])
    }

    @Test func optionalDropsOnlyItsOwnErrors() throws {
        #expect(try run(".text[]?") == [])
        #expect(try run("[.items[], .text | .id?]") == [[1, 2, nil]])
        // An error after `?` is not its own: it still stops the query.
        let error = #expect(throws: JSONQueryError.self) { try run(".items[]? | .name[]") }
        #expect(error?.message == "cannot iterate over string")
    }

    @Test func unknownSyntaxPointsAtTheColumn() {
        let cases: [(String, Int, String)] = [
            (".items[]!name", 9, "unexpected '!'"),
            (".a | mapp(.b)", 6, "unknown function 'mapp'"),
            (".a.", 4, "expected a key after '.'"),
            (".a[1", 5, "expected ']'"),
            (".a[x]", 4, "expected an index"),
            ("", 1, "empty query"),
            (".a |", 5, "expected a filter after '|'"),
            (#".["open]"#, 3, "unterminated string"),
            ("select(.a; .b)", 1, "select takes 1 argument"),
            (".a | $.b", 6, "'$' starts a JSONPath query only at the beginning"),
        ]
        for (query, column, message) in cases {
            let error = #expect(throws: JSONQueryError.self) { try JSONQuery(query) }
            #expect(error?.column == column, "\(query)")
            #expect(error?.message.hasPrefix(message) == true, "\(query): \(error?.message ?? "")")
        }
        let error = #expect(throws: JSONQueryError.self) { try JSONQuery(".a | mapp(.b)") }
        #expect(error?.description.hasPrefix("column 6: unknown function 'mapp'; supported: empty, first") == true)
        #expect(error?.description.hasSuffix("\n  .a | mapp(.b)\n       ^") == true)
    }

    @Test func typeErrorsNameTheStep() {
        let error = #expect(throws: JSONQueryError.self) { try run(".items.name") }
        #expect(error?.message == #"cannot index array with "name""#)
        #expect(error?.column == 7)
        #expect(throws: JSONQueryError.self) { try run(".text[]") }
        #expect(throws: JSONQueryError.self) { try run(".n | keys") }
        #expect(throws: JSONQueryError.self) { try run("true | length") }
    }
}

@Suite struct JSONQueryLimitTests {
    /// `..` repeated multiplies the results; past the limit the query fails with an error instead of running on.
    @Test func repeatedRecursiveDescentStopsAtTheResultLimit() throws {
        let value: JSONValue = ["a": [1, [2, [3, ["b": 4]]]], "c": "x"]
        let error = #expect(throws: JSONQueryError.self) {
            _ = try JSONQuery("..|..|..|..|..|..|..|..").evaluate(value, maximumResults: 1000)
        }
        #expect(error?.message == "more than 1000 results")
        #expect(try JSONQuery("..|..").evaluate(value, maximumResults: 100).count == 35)
        #expect(throws: JSONQueryError.self) { _ = try JSONQuery("..|..").evaluate(value, maximumResults: 30) }
        #expect(throws: JSONQueryError.self) { _ = try JSONQuery("[..|..]").evaluate(value, maximumResults: 30) }
    }

    /// Nesting is bounded when reading, so a hostile query cannot exhaust the stack.
    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "(", count: 5000) + "." + String(repeating: ")", count: 5000)
        let error = #expect(throws: JSONQueryError.self) { try JSONQuery(deep) }
        #expect(error?.message.hasPrefix("the query nests more than") == true)
        let filters = "$" + String(repeating: "[?@", count: 3000) + String(repeating: "]", count: 3000)
        #expect(throws: JSONQueryError.self) { try JSONQuery(filters) }
    }
}
