import FerryTestSupport
import Foundation
import Testing

@Suite struct JSONCommandTests {
    static let body = #"{"zeta": 1, "items": [{"id": 12345678901234567890, "name": "ferry"}, {"id": 1.50}]}"#

    @Test func prettyPrintsStandardInputKeepingOrderAndNumbers() async throws {
        let output = try await FerryProcess.run(["json"], input: Data(Self.body.utf8))
        #expect(output.status == 0)
        #expect(
            output.text == """
                {
                  "zeta": 1,
                  "items": [
                    {
                      "id": 12345678901234567890,
                      "name": "ferry"
                    },
                    {
                      "id": 1.50
                    }
                  ]
                }

                """)
    }

    /// An input whose output spans many of the chunks `ferry json` writes as it goes (1 MB each).
    @Test func largeFilePrintsWholeAcrossChunks() async throws {
        let count = 40_000
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-json-\(UUID()).json")
        let input = "[" + Array(repeating: Self.body, count: count).joined(separator: ",") + "]"
        try Data(input.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let single = try await FerryProcess.run(["json"], input: Data(Self.body.utf8))
        let block = single.text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        let expected = "[\n" + Array(repeating: block, count: count).joined(separator: ",\n") + "\n]\n"
        let output = try await FerryProcess.run(["json", file.path])
        #expect(output.status == 0)
        #expect(output.standardOutput.count > 5_000_000)
        #expect(output.text == expected)
    }

    @Test func readsAFileCompactOrIndented() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-json-\(UUID()).json")
        try Data(Self.body.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let compact = try await FerryProcess.run(["json", file.path, "--compact"])
        #expect(compact.status == 0)
        #expect(compact.text == #"{"zeta":1,"items":[{"id":12345678901234567890,"name":"ferry"},{"id":1.50}]}"# + "\n")
        let indented = try await FerryProcess.run(["json", "--indent", "4", file.path])
        #expect(indented.text.hasPrefix("{\n    \"zeta\": 1,\n    \"items\": [\n        {\n"))
    }

    @Test func queriesPrintOneResultPerLine() async throws {
        let output = try await FerryProcess.run(
            ["json", "-", "--query", "..id", "--compact"], input: Data(Self.body.utf8))
        #expect(output.status == 0)
        #expect(output.text == "12345678901234567890\n1.50\n")
        let names = try await FerryProcess.run(["json", "-q", ".items[].name | length"], input: Data(Self.body.utf8))
        #expect(names.text == "5\n0\n")
    }

    /// The issue's cases: `$..b` and filters work in `ferry json` as in the workbench; `-r` prints strings raw.
    @Test func jsonPathFiltersAndRawOutput() async throws {
        let input = Data(#"{"a": [{"b": "x\ty"}, {"b": 2}], "items": [{"id": 5, "name": "ferry"}, {"id": 6}]}"#.utf8)
        let descendants = try await FerryProcess.run(["json", "-c", "-q", "$..b"], input: input)
        #expect(descendants.status == 0)
        #expect(descendants.text == "\"x\\ty\"\n2\n")
        let raw = try await FerryProcess.run(["json", "-r", "-q", "$..b"], input: input)
        #expect(raw.text == "x\ty\n2\n")
        let filtered = try await FerryProcess.run(["json", "-c", "-q", "$.items[?(@.id==5)]"], input: input)
        #expect(filtered.text == #"{"id":5,"name":"ferry"}"# + "\n")
        let jq = try await FerryProcess.run(
            ["json", "--raw-output", "-q", ".items[] | select(.id == 5) | .name"], input: input)
        #expect(jq.text == "ferry\n")
        let computed = try await FerryProcess.run(["json", "-c", "-q", ".items | map(.id)"], input: input)
        #expect(computed.text == "[5,6]\n")
        let pretty = try await FerryProcess.run(["json", "-r", "-q", "$.items[1]"], input: input)
        #expect(pretty.text == "{\n  \"id\": 6\n}\n")
        let none = try await FerryProcess.run(["json", "-q", "$.missing"], input: input)
        #expect(none.status == 0 && none.text.isEmpty)
        let usage = try await FerryProcess.run(["json", "--help"])
        #expect(usage.text.contains("-r, --raw-output") && usage.text.contains("-c, --compact"))
    }

    @Test func invalidJSONExitsTwoWithTheLocatedError() async throws {
        let output = try await FerryProcess.run(["json"], input: Data("{\n  \"a\": [1, 2,, 3]\n}".utf8))
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("<stdin>: line 2, column 14: unexpected character"))
        #expect(output.standardError.contains("    \"a\": [1, 2,, 3]\n               ^"))
    }

    @Test func badQueriesAndUsageExitTwo() async throws {
        let query = try await FerryProcess.run(["json", "--query", ".a b"], input: Data("{}".utf8))
        #expect(query.status == 2)
        #expect(query.standardError.contains("invalid query: column 4: unexpected 'b'\n  .a b\n     ^"))
        let path = try await FerryProcess.run(["json", "-q", "$.items[?(@.id==5)"], input: Data("{}".utf8))
        #expect(path.status == 2)
        #expect(
            path.standardError.contains("invalid query: column 19: expected ',' or ']', found the end of the query"))
        let runtime = try await FerryProcess.run(["json", "-q", ".items.name"], input: Data(Self.body.utf8))
        #expect(runtime.status == 2)
        #expect(runtime.standardError.contains(#"query failed: column 7: cannot index array with "name""#))
        let missing = try await FerryProcess.run(["json", "/nonexistent/file.json"])
        #expect(missing.status == 2 && missing.standardError.contains("cannot read"))
        let indent = try await FerryProcess.run(["json", "--indent", "x"])
        #expect(indent.status == 2 && indent.standardError.contains("--indent needs a number"))
        let help = try await FerryProcess.run(["json", "--help"])
        #expect(help.status == 0 && help.text.contains("usage: ferry json"))
    }
}
