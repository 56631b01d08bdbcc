import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// The structured, located view of pre-request scripts, response handlers and `>>` outputs.
@Suite struct RequestScriptTests {
    @Test func inlineAndFileScriptsWithTheLineTheirCodeStartsOn() throws {
        let text = """
            ### one
            < {%
              request.variables.set("a", 1);
              request.variables.set("b", 2);
            %}
            < ./pre.js
            POST http://h/x
            Content-Type: application/json

            {"a": 1}

            > {% client.global.set("t", response.body.token) %}
            > ./handler.js
            >> ./out/{{id}}.json
            >>! ./latest.json
            > {%
                client.test("ok", function () {});
            %}

            """
        let file = HTTPFileParser.parse(text: text, path: "s.http")
        #expect(file.diagnostics == [])
        let request = try #require(file.requests.first)
        #expect(
            request.preRequestScripts == [
                RequestScript(
                    .preRequest,
                    source: .inline("\n  request.variables.set(\"a\", 1);\n  request.variables.set(\"b\", 2);\n"),
                    location: SourceLocation(file: "s.http", line: 2, column: 5)),
                RequestScript(
                    .preRequest, source: .file("./pre.js"), location: SourceLocation(file: "s.http", line: 6)),
            ])
        #expect(
            request.responseHandlerScripts == [
                RequestScript(
                    .responseHandler, source: .inline(" client.global.set(\"t\", response.body.token) "),
                    location: SourceLocation(file: "s.http", line: 12, column: 5)),
                RequestScript(
                    .responseHandler, source: .file("./handler.js"), location: SourceLocation(file: "s.http", line: 13)),
                RequestScript(
                    .responseHandler, source: .inline("\n    client.test(\"ok\", function () {});\n"),
                    location: SourceLocation(file: "s.http", line: 16, column: 5)),
            ])
        #expect(
            request.responseOutputs == [
                ResponseOutput(
                    path: "./out/{{id}}.json", overwrite: false, location: SourceLocation(file: "s.http", line: 14)),
                ResponseOutput(
                    path: "./latest.json", overwrite: true, location: SourceLocation(file: "s.http", line: 15)),
            ])
        // Line 2 of the last handler's code is `client.test(…)`, file line 17.
        #expect(request.responseHandlerScripts[2].fileLine(ofCodeLine: 2) == 17)
        #expect(request.preRequestScripts[1].fileLine(ofCodeLine: 1) == nil)
        #expect(file.bytes() == Array(text.utf8))
    }

    @Test func brokenScriptsAndRedirectsAreLocatedAndTheRestLoads() throws {
        let text = """
            GET http://h/a

            > {% client.log(1) %}
            >
            >>
            >>!   

            ###
            <
            GET http://h/b

            > {%
              client.log("never closed")

            """
        let file = HTTPFileParser.parse(text: text, path: "b.http")
        let problems = file.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(
            problems == [
                "4:2 expected a script `{% … %}` or a file such as `./handler.js` after `>`",
                "5:3 expected a file path after `>>`, such as `>> ./response.json`",
                "6:7 expected a file path after `>>!`, such as `>>! ./response.json`",
                "9:2 expected a script `{% … %}` or a file such as `./pre.js` after `<`",
                "12:3 expected `%}` to close the script opened here",
            ])
        #expect(file.requests.count == 2)
        #expect(file.requests[0].responseHandlerScripts.count == 1)
        #expect(file.requests[0].responseOutputs == [])
        #expect(file.bytes() == Array(text.utf8))
    }

    @Test func aRequestBuiltInCodeHasScriptsWithoutLocations() {
        var request = SavedRequest(method: "GET", url: "http://h/")
        request.responseHandlers = [">> out.txt", "> {% client.log(1) %}"]
        #expect(request.responseOutputs == [ResponseOutput(path: "out.txt", overwrite: false)])
        #expect(request.responseHandlerScripts == [RequestScript(.responseHandler, source: .inline(" client.log(1) "))])
    }

    /// Every script of the corpus files, found by a plain scan of their lines, is in the model at its line.
    @Test(.enabled(if: TestServers.corpusDirectory() != nil, "the corpus is absent (set FERRY_CORPUS)"))
    func corpusScriptsAreAllFoundAtTheirLines() throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let files = HTTPFileRoundTripTests.httpFiles(under: corpus.appendingPathComponent("http"))
        var found = 0
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            let file = HTTPFileParser.parse(bytes, path: url.lastPathComponent)
            let model = file.requests.flatMap { $0.preRequestScripts + $0.responseHandlerScripts }.map {
                Scanned(kind: $0.kind, line: $0.location?.line ?? 0, isFile: $0.source.isFile)
            }
            // A script in a `###` section with no request (kulala's 5.script.http has one) belongs to no
            // request: it is kept in the file and never run.
            let starts = file.sections.map(\.firstLine) + [Int.max]
            let loose = file.sections.indices.filter { file.sections[$0].request == nil }.map {
                starts[$0]..<starts[$0 + 1]
            }
            let scanned = Self.scan(String(decoding: bytes, as: UTF8.self)).filter { scanned in
                !loose.contains { $0.contains(scanned.line) }
            }
            #expect(model.sorted() == scanned.sorted(), "\(url.lastPathComponent)")
            #expect(file.bytes() == bytes)
            found += model.count
        }
        #expect(found >= 30)
    }

    struct Scanned: Hashable, Comparable {
        var kind: RequestScript.Kind
        var line: Int
        var isFile: Bool

        static func < (a: Scanned, b: Scanned) -> Bool { (a.line, a.isFile ? 1 : 0) < (b.line, b.isFile ? 1 : 0) }
    }

    /// Lines that open a script: `< {%`, `> {%`, and `< x.js` / `> x.js` (a `.js` file after the marker).
    static func scan(_ text: String) -> [Scanned] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var scanned: [Scanned] = []
        var inScript = false
        for (index, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if inScript {
                inScript = !line.contains("%}")
                continue
            }
            guard let marker = line.first, marker == "<" || marker == ">", !line.hasPrefix(">>") else { continue }
            let kind: RequestScript.Kind = marker == "<" ? .preRequest : .responseHandler
            let rest = line.dropFirst().trimmingCharacters(in: .whitespaces)
            if rest.hasPrefix("{%") {
                scanned.append(Scanned(kind: kind, line: index + 1, isFile: false))
                inScript = !rest.dropFirst(2).contains("%}")
            } else if rest.hasSuffix(".js") {
                scanned.append(Scanned(kind: kind, line: index + 1, isFile: true))
            }
        }
        return scanned
    }
}

extension RequestScript.Source {
    fileprivate var isFile: Bool {
        if case .file = self { true } else { false }
    }
}
