import FerryTestSupport
import Foundation
import Testing

/// `ferry run --report tap|html` (and JUnit beside them) against a server that answers hostile bytes:
/// control characters, `</script>`, invalid UTF-8, `]]>`. Python's own parsers read the results: the JUnit
/// with `xml.etree`, the HTML with `html.parser` (every tag closed in order, nothing loaded from anywhere), the
/// TAP line by line; the secret of the private environment appears in none of them.
@Suite struct RunReadableReportsTests {
    static let hostile: [UInt8] =
        Array("<script>alert(1)</script> ]]> \u{1B}[2J \u{7} \0 end".utf8) + [0xFF, 0xFE, 0xC3] + Array("</body>".utf8)

    func fixture() throws -> (TestHTTPServer, RunCommandTests.Fixture, String) {
        let server = try TestHTTPServer()
        server.route(
            "/hostile",
            responding: TestResponse(
                status: 500, reason: "Bad ]]> <b>", headers: [("Content-Type", "text/html"), ("X-Evil", "</script>")],
                body: Data(Self.hostile)))
        let secret = "s3cret-\(UUID().uuidString.prefix(8))"
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": """
                ### fine # one
                GET {{host}}/echo?k={{key}}
                Authorization: Bearer {{key}}

                > {% client.test("a <b> test ]]>", function () { client.assert(response.status === 200); }); %}

                ### hostile
                POST {{host}}/hostile
                Content-Type: text/plain

                body with {{key}}

                > {% client.test("no \\u0007 here", function () { client.assert(false, "bell \\u0007 ]]> </script>"); }); %}

                ### skipped
                GET {{host}}/echo

                """,
                "http-client.private.env.json": #"{ "test": { "key": "\#(secret)" } }"#,
            ])
        return (server, fixture, secret)
    }

    @Test func htmlIsOneWellFormedPageWithTheExchangesMasked() async throws {
        let (server, fixture, secret) = try fixture()
        defer { server.stop() }
        let output = try await fixture.run([
            "a.http", "--env", "test", "--filter", "o", "--report", "html", "--report-file", "report.html",
        ])
        #expect(output.status == 1, "\(output.text)")
        let html = try String(contentsOf: fixture.url.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(!html.contains(secret))
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;/script&gt;"))
        #expect(html.contains("Bearer ••••••"))
        #expect(html.contains("a.http#fine # one"))
        #expect(html.contains("class=\"bar\""))
        // Python's HTML parser: tags balanced (void elements aside), no script, no URL to load, the texts found.
        let check = """
            import sys
            from html.parser import HTMLParser
            VOID = {"meta", "br", "hr", "img", "input", "link"}
            class Check(HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True)
                    self.stack, self.text, self.problems = [], [], []
                def handle_starttag(self, tag, attrs):
                    if tag in ("script", "img", "link", "iframe", "object"): self.problems.append("tag " + tag)
                    for name, value in attrs:
                        if name in ("src", "href") or (value or "").startswith("http"): self.problems.append(name)
                    if tag not in VOID: self.stack.append(tag)
                def handle_endtag(self, tag):
                    if not self.stack or self.stack.pop() != tag: self.problems.append("unbalanced " + tag)
                def handle_data(self, data): self.text.append(data)
            parser = Check()
            parser.feed(open(sys.argv[1], encoding="utf-8").read())
            parser.close()
            text = "".join(parser.text)
            for wanted in ["<script>alert(1)</script> ]]>", "Bad ]]> <b>", "X-Evil: </script>", "a <b> test ]]>"]:
                if wanted not in text: parser.problems.append("missing " + wanted)
            if parser.stack: parser.problems.append("open " + ",".join(parser.stack))
            if any(ord(c) < 32 and c not in "\\t\\n" for c in text): parser.problems.append("control character")
            print("\\n".join(parser.problems) or "ok")
            """
        let result = try await PythonCheck.run(
            check, arguments: [fixture.url.appendingPathComponent("report.html").path])
        #expect(result.output == "ok\n")
    }

    @Test func junitAndTapStayWellFormedWithHostileBytes() async throws {
        let (server, fixture, secret) = try fixture()
        defer { server.stop() }
        let junit = try await fixture.run(["a.http", "--env", "test", "--report", "junit"])
        #expect(junit.status == 1)
        #expect(!junit.text.contains(secret))
        let path = fixture.url.appendingPathComponent("junit.xml")
        try junit.standardOutput.write(to: path)
        let check = """
            import sys, xml.etree.ElementTree as tree
            root = tree.parse(sys.argv[1]).getroot()
            cases = list(root.iter("testcase"))
            failures = [f.get("message") for f in root.iter("failure")]
            print(root.get("tests"), len(cases), failures)
            """
        let parsed = try await PythonCheck.run(check, arguments: [path.path])
        #expect(parsed.status == 0, "\(parsed.output)")
        #expect(parsed.output.hasPrefix("5 5 ["), "\(parsed.output)")
        #expect(parsed.output.contains("bell \u{FFFD} ]]> </script>"), "\(parsed.output)")

        let tap = try await fixture.run(["a.http", "--env", "test", "--report", "tap"])
        #expect(tap.status == 1)
        #expect(!tap.text.contains(secret))
        let lines = tap.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(2) == ["TAP version 14", "1..3"])
        // `#` in a description is escaped (TAP 14), so a name cannot start a directive.
        #expect(lines.contains(##"ok 1 - a.http\#fine \# one"##))
        #expect(lines.contains(##"not ok 2 - a.http\#hostile"##))
        #expect(lines.contains(##"ok 3 - a.http\#skipped"##))
        #expect(lines.contains(##"      message: "bell \x07 ]]> </script>""##))
        // Every line is a TAP line or inside a YAML block: no byte from the server started a line of its own.
        var inBlock = false
        for line in lines.dropFirst(2) where !line.isEmpty {
            if line == "  ---" { inBlock = true } else if line == "  ..." { inBlock = false }
            #expect(
                inBlock || line.hasPrefix("ok ") || line.hasPrefix("not ok ") || line.hasPrefix("# ")
                    || line == "  ...", "\(line)")
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "\(line)")
        }
    }
}
