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
        #expect(query.standardError.contains("column 4: unexpected character 'b'"))
        let missing = try await FerryProcess.run(["json", "/nonexistent/file.json"])
        #expect(missing.status == 2 && missing.standardError.contains("cannot read"))
        let indent = try await FerryProcess.run(["json", "--indent", "x"])
        #expect(indent.status == 2 && indent.standardError.contains("--indent needs a number"))
        let help = try await FerryProcess.run(["json", "--help"])
        #expect(help.status == 0 && help.text.contains("usage: ferry json"))
    }
}
