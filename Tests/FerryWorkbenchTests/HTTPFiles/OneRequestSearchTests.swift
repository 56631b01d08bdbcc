import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// One request found without parsing its file whole (``HTTPFileParser/request(_:in:path:)``, what `ferry send
/// FILE#NAME` reads) is the request the whole file's model gives (``Workspace/request(_:)``): the same id,
/// position, request, problems (file:line) and in-file variables, for every name and position of the corpus files
/// and of generated files built to trip a scan on bytes (`###` lines in bodies and scripts, scripts over several
/// lines, variables below and above, names given twice, CRLF, non-ASCII names and canonically equal spellings).
@Suite struct OneRequestSearchTests {
    @Test(.enabled(if: TestServers.corpusDirectory() != nil, "the corpus is absent (set FERRY_CORPUS)"))
    func corpusFilesGiveWhatTheirWholeModelGives() throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let files = HTTPFileRoundTripTests.httpFiles(under: corpus.appendingPathComponent("http"))
        #expect(files.count >= 9)
        var tally = Tally()
        for url in files {
            check(Array(try Data(contentsOf: url)), path: url.lastPathComponent, tally: &tally)
        }
        #expect(tally.found >= 80, "requests found alone: \(tally.found)")
    }

    @Test func generatedFilesGiveWhatTheirWholeModelGives() {
        var random = SeededGenerator(seed: 4106)
        var tally = Tally()
        for index in 0..<600 {
            let lineCount = Int.random(in: 1...40, using: &random)
            let lines = (0..<lineCount).map { _ in Self.pieces.randomElement(using: &random) ?? "" }
            let ending = Bool.random(using: &random) ? "\n" : "\r\n"
            var text = lines.joined(separator: ending)
            if Bool.random(using: &random) { text += ending }
            var bytes = Array(text.utf8)
            if index % 50 == 0 { bytes = HTTPFileParser.byteOrderMark + bytes }
            check(bytes, path: "g\(index).http", tally: &tally)
        }
        #expect(tally.found >= 1800, "requests found alone: \(tally.found)")
        #expect(tally.wholeOnly >= 50, "selectors only the whole file answers: \(tally.wholeOnly)")
    }

    @Test func aMillionStyleFileIsFoundByNameAndPositionWithItsVariablesAndErrors() throws {
        var text = "@host = http://a\n\n"
        for number in 1...300 { text += "### r\(number)\nGET {{host}}/item?n=\(number)\nAccept: */*\n\n" }
        text += "### broken\nGET {{host}}/x\nno colon here\n\n### r7\nGET /again\n\n###\n@late = 1\n"
        let bytes = Array(text.utf8)
        let byName = try #require(HTTPFileParser.request("r150", in: bytes, path: "m.http"))
        #expect(byName.position == 149)
        #expect(byName.selector == "r150")
        #expect(byName.fileVariables == ["host": "http://a", "late": "1"])
        let twice = try #require(HTTPFileParser.request("r7", in: bytes, path: "m.http"))
        #expect(twice.position == 6)
        #expect(twice.selector == "#7")
        let broken = try #require(HTTPFileParser.request("#301", in: bytes, path: "m.http"))
        #expect(broken.selector == "broken")
        #expect(
            broken.problems.map(\.description) == [
                "m.http:1205:1: error: expected a header `Name: value` or a blank line before the body"
            ])
        var tally = Tally()
        check(bytes, path: "m.http", tally: &tally)
        #expect(tally.found == 301 + 302)
    }

    // MARK: - Comparing

    /// What a comparison found.
    struct Tally {
        /// Selectors answered alone (and equal to the whole file's answer).
        var found = 0
        /// Selectors the search left to the whole file.
        var wholeOnly = 0
    }

    /// Compares, for every selector of the file at `path` (each request's name and position, none, and some that
    /// name nothing), the search's answer with the whole file's.
    func check(_ bytes: [UInt8], path: String, tally: inout Tally) {
        let whole = HTTPFileParser.parse(bytes, path: path)
        let file = WorkspaceFile(path: path, content: whole, fingerprint: nil)
        let workspace = Workspace(
            root: URL(fileURLWithPath: "/nonexistent-ferry-workspace"), files: [file], folders: [], loadErrors: [])
        let requests = whole.requests
        var selectors = ["", "#0", "#\(requests.count + 1)", "missing", "##1"]
        selectors += requests.indices.map { "\($0 + 1)" }
        selectors += requests.compactMap(\.name)
        for selector in Set(selectors).sorted() {
            let text = selector.isEmpty ? path : path + "#" + selector
            let expected = try? workspace.request(text)
            guard let actual = HTTPFileParser.request(RequestID(parsing: text).selector, in: bytes, path: path) else {
                tally.wholeOnly += 1
                let byName = requests.contains { $0.name == RequestID(parsing: text).selector }
                let byPosition = Int(selector).map { (1...max(1, requests.count)).contains($0) } ?? false
                let mustFind =
                    whole.statements.isEmpty && expected != nil
                    && (byName || (byPosition && !requests.isEmpty) || (selector.isEmpty && requests.count == 1))
                #expect(!mustFind, "\(path) \(text): left to the whole file")
                continue
            }
            guard let expected else {
                Issue.record("\(path) \(text): found alone, not in the whole file")
                continue
            }
            tally.found += 1
            #expect(actual.selector == expected.id.selector, "\(path) \(text)")
            #expect(actual.position == expected.position, "\(path) \(text)")
            #expect(actual.request == expected.request, "\(path) \(text)")
            #expect(actual.problems == workspace.problems(of: expected), "\(path) \(text)")
            #expect(actual.fileVariables == whole.fileVariables(forRequestAt: expected.position), "\(path) \(text)")
        }
    }

    /// The lines generated files are made of.
    static let pieces: [String] = [
        "### r1", "### r2", "###", "### dup", "###dup", "### é", "### e\u{301}", "### \u{E9}x", "# @name dup",
        "# @name n1", "// @name n2", "# @name é", "# @name e\u{301}", "#@name=n3", "# @name", "# comment",
        "// comment", "@host = a", "  @host = b", "@v=1", "@", "@bad", "< {% request.variables.set('a', '1') %}",
        "< {%", "  ### inside a script", "### r1", "%}", "> {% client.test('t', () => {}) %}", "> {%", ">> out.json",
        "<> previous.json", "> ./handler.js", "> ", "< ./pre.js", "<", "GET /a", "GET {{host}}/b", "POST /p HTTP/1.1",
        "GET {{host", "  GET /indented", "\tGET /tab", "GET", "run #r1", "import ./other.http", "runner /x",
        "importer /y", "run", "Content-Type: application/json", "X-A: 1", "no colon", "", "", "", "  ", "\t",
        "{\"a\": 1}", "@notavariable = in a body", "# @timeout nope", "# @retries 2", "é", "\u{FEFF}GET /bom",
        " \u{301}GET /mark", "GET /é", "###\u{301} joined", "### r2 ", "  # indented comment", "https://x/y",
        "    ?q=1", "    &r=2",
    ]
}
