import FerryWorkbench
import Testing

/// `ferry run --data`: RFC 4180 CSV and JSON arrays of objects read into rows, and every malformed input
/// refused at its file and line.
@Suite struct RunDataFileTests {
    func rows(_ text: String, named name: String = "rows.csv") throws -> [RunDataRow] {
        try RunDataFile.rows(of: Array(text.utf8), named: name)
    }

    func problem(_ text: String, named name: String = "rows.csv") -> String {
        do {
            _ = try RunDataFile.rows(of: Array(text.utf8), named: name)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func csvWithQuotesCommasLineBreaksAndCRLF() throws {
        let read = try rows(
            "\u{FEFF}user,note,id\r\nalice,\"says \"\"hi\"\", then, leaves\",1\r\n\r\n\"bob\",\"two\r\nlines\",\"\"\r\ncarol,,3"
        )
        #expect(read.count == 3)
        #expect(read[0].values == ["user": "alice", "note": "says \"hi\", then, leaves", "id": "1"])
        #expect(read[0].name == "row 1 (user=alice)")
        #expect(read[0].location == SourceLocation(file: "rows.csv", line: 2))
        #expect(read[1].values == ["user": "bob", "note": "two\r\nlines", "id": ""])
        #expect(read[1].location.line == 4)
        #expect(read[2].values == ["user": "carol", "note": "", "id": "3"])
        #expect(read[2].location.line == 6)
        let named = try rows("id,name\n7,\(String(repeating: "x", count: 50))\n")
        #expect(named[0].name == "row 1 (\(String(repeating: "x", count: 39))…)")
    }

    @Test func malformedCSVIsLocated() {
        #expect(problem("a,b\n1,2\n3\n") == "rows.csv:3: error: 1 field, but the header has 2")
        #expect(problem("a,b\n1,\"open\n2,3\n") == "rows.csv:2: error: a quoted field is never closed")
        #expect(problem("a\n\"x\"y\n").hasPrefix("rows.csv:2: error: text after a closing quote"))
        #expect(problem("a\nx\"y\n").hasPrefix("rows.csv:2: error: a quote inside an unquoted field"))
        #expect(problem("a,a\n1,2\n") == "rows.csv:1: error: column 'a' is named twice")
        #expect(problem("a,,c\n1,2,3\n") == "rows.csv:1: error: column 2 of the header has no name")
        #expect(problem("a\n") == "rows.csv:1: error: no rows")
        #expect(problem("") == "rows.csv:1: error: no rows")
        var invalid = Array("a\nok\n".utf8)
        invalid += [0xFF, 0x0A]
        do {
            _ = try RunDataFile.rows(of: invalid, named: "bad.csv")
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect(error.description == "bad.csv:3: error: a field is not valid UTF-8")
        }
    }

    @Test func jsonArrayOfObjects() throws {
        let read = try rows(
            """
            [
              {"user": "alice", "age": 41, "admin": true, "tags": ["a", "b"], "gone": null},
              {"user": "bob", "name": "Bob B."}
            ]
            """, named: "rows.JSON")
        #expect(read.count == 2)
        #expect(read[0].values == ["user": "alice", "age": "41", "admin": "true", "tags": #"["a","b"]"#, "gone": ""])
        #expect(read[0].location.line == 2)
        #expect(read[1].name == "row 2 (Bob B.)")
        #expect(read[1].location.line == 3)
    }

    @Test func malformedJSONIsLocated() {
        #expect(problem("[\n {\"a\": 1},\n 2\n]", named: "r.json") == "r.json:3: error: row 2 is not an object")
        #expect(problem(#"{"a": 1}"#, named: "r.json") == "r.json:1: error: expected an array of objects")
        #expect(problem("[]", named: "r.json") == "r.json:1: error: no rows")
        #expect(problem("[\n {\"a\": 1,}\n]", named: "r.json").hasPrefix("r.json:2:"))
        #expect(problem("[\n {\"a\": \"[,\"},\n {\"{a}\": 1}\n]", named: "r.json").hasPrefix("r.json:3: error: column"))
    }

    @Test func iterationsCoverEveryRowForEachRepeat() throws {
        let read = try rows("user\nalice\nbob\n")
        let passes = RunIteration.passes(rows: read, repeats: 2)
        #expect(passes.map(\.index) == [0, 1, 2, 3])
        #expect(
            passes.map(\.name) == [
                "row 1 (user=alice), repeat 1", "row 2 (user=bob), repeat 1",
                "row 1 (user=alice), repeat 2", "row 2 (user=bob), repeat 2",
            ])
        #expect(passes[3].variables == ["user": "bob"])
        #expect(RunIteration.passes(rows: nil, repeats: 3).map(\.name) == ["repeat 1", "repeat 2", "repeat 3"])
        #expect(RunIteration.passes(rows: nil, repeats: 1) == RunIteration.single)
    }
}
