import FerryTestSupport
import Foundation
import Testing

/// `ferry run --data rows.csv|rows.json` and `--repeat N`: the files run once per row (and repeat) with the
/// row's columns as variables, `request.iteration()` counts the passes, each pass is its own test case named by
/// its row, and a malformed data file stops the run before anything is sent, at its file and line.
@Suite struct RunDataCommandTests {
    static let file = """
        ### greet
        < {% request.variables.set("pass", String(request.iteration())); %}
        GET {{host}}/echo?user={{user}}
        X-Pass: {{pass}}

        > {% client.test("user " + request.iteration(), function () { client.assert(response.status === 200); }); %}

        """

    @Test func eachRowRunsTheFileWithItsColumns() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "greet.http": Self.file,
                "users.csv": "user,role\r\nalice,admin\r\n\"bob\",\"a, b\"\r\n",
                "users.json": #"[{"user": "carol"}, {"user": "dave", "name": "Dave D."}]"#,
            ])
        let csv = try await fixture.run(["greet.http", "--env", "test", "--data", "users.csv"])
        #expect(csv.status == 0, "\(csv.text)")
        #expect(csv.text.contains("PASS greet.http#greet [row 1 (user=alice)]  200"))
        #expect(csv.text.contains("PASS greet.http#greet [row 2 (user=bob)]  200"))
        #expect(csv.text.contains("2 passed, 0 failed"))
        let sent = server.requests.filter { $0.path == "/echo" }
        #expect(sent.map(\.target) == ["/echo?user=alice", "/echo?user=bob"])
        #expect(sent.map { $0.header("X-Pass") } == ["0", "1"])

        let json = try await fixture.run([
            "greet.http", "--env", "test", "--data", "users.json", "--repeat", "2", "--report", "junit",
        ])
        #expect(json.status == 0, "\(json.standardError)")
        let names = try await Self.testcaseNames(in: json.text, at: fixture.url)
        #expect(
            names == [
                "greet.http#greet [row 1 (user=carol), repeat 1]",
                "greet.http#greet [row 1 (user=carol), repeat 1]: user 0",
                "greet.http#greet [row 2 (Dave D.), repeat 1]",
                "greet.http#greet [row 2 (Dave D.), repeat 1]: user 1",
                "greet.http#greet [row 1 (user=carol), repeat 2]",
                "greet.http#greet [row 1 (user=carol), repeat 2]: user 2",
                "greet.http#greet [row 2 (Dave D.), repeat 2]",
                "greet.http#greet [row 2 (Dave D.), repeat 2]: user 3",
            ])
        #expect(server.requests.filter { $0.path == "/echo" }.count == 6)

        let report = try await fixture.run([
            "greet.http", "--env", "test", "--data", "users.csv", "--var", "user=zed", "--report", "json",
        ])
        let document = try #require(try JSONSerialization.jsonObject(with: report.standardOutput) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["iteration"] as? Int } == [0, 1])
        #expect(files.map { $0["row"] as? String } == ["row 1 (user=alice)", "row 2 (user=bob)"])
        // --var wins over a row's columns.
        #expect(server.requests.suffix(2).map(\.target) == ["/echo?user=zed", "/echo?user=zed"])
    }

    @Test func aMalformedDataFileStopsTheRunAtItsLine() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "greet.http": Self.file,
                "bad.csv": "user,role\nalice,admin\nbob\n",
                "bad.json": "[\n  {\"user\": \"a\"},\n  \"b\"\n]\n",
            ])
        let csv = try await fixture.run(["greet.http", "--env", "test", "--data", "bad.csv"])
        #expect(csv.status == 2)
        #expect(csv.standardError.contains("bad.csv:3: error: 1 field, but the header has 2"))
        let json = try await fixture.run(["greet.http", "--env", "test", "--data", "bad.json"])
        #expect(json.status == 2)
        #expect(json.standardError.contains("bad.json:3: error: row 2 is not an object"))
        let missing = try await fixture.run(["greet.http", "--env", "test", "--data", "nope.csv"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot read \"nope.csv\""))
        #expect(try await fixture.run(["greet.http", "--repeat", "0"]).status == 2)
        #expect(server.requests.isEmpty)
    }

    /// The `name` of every `<testcase>` of the JUnit document `xml`, in order, read by Python's `xml.etree`.
    static func testcaseNames(in xml: String, at folder: URL) async throws -> [String] {
        let path = folder.appendingPathComponent("names.xml")
        try Data(xml.utf8).write(to: path)
        let script = """
            import sys, xml.etree.ElementTree as tree
            for case in tree.parse(sys.argv[1]).getroot().iter("testcase"): print(case.get("name"))
            """
        let result = try await PythonCheck.run(script, arguments: [path.path])
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }
}
