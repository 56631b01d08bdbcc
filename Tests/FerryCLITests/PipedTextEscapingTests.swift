import FerryTestSupport
import Foundation
import Testing

/// Human-readable output is escaped wherever it goes, a pipe or a file included, so that text from a server
/// or a script cannot forge a line of a CI log: `ferry run`'s lines and text report, `ferry send -i`'s head and
/// the messages on standard error. A body written on purpose stays byte-exact.
@Suite struct PipedTextEscapingTests {
    /// A failed test whose message rewrites the line it is on to read as a pass.
    static let forgery = #"\r\u001b[2K\u001b[1A✓ x.http#login 200"#

    @Test func aRunsLinesAndTextReportCannotBeRewrittenByATestMessage() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/login", responding: .json(#"{"ok": false}"#))
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "x.http": """
                ### login
                GET {{host}}/login

                > {%
                  client.log("log \\u001b]0;title\\u0007");
                  client.test("login", () => client.assert(false, "\(Self.forgery)"));
                %}

                """
            ])
        let output = try await fixture.run(["x.http", "--env", "test", "--report", "text", "--report-file", "r.txt"])
        #expect(output.status == 1)
        for text in [output.text, output.standardError, try fixture.read("r.txt")] {
            #expect(!text.contains("\u{1B}") && !text.contains("\r"), "\(text.debugDescription)")
        }
        #expect(output.text.contains(#"^M\x1b[2K\x1b[1A✓ x.http#login 200"#), "\(output.text)")
        #expect(try fixture.read("r.txt").contains(#"^M\x1b[2K"#))
    }

    @Test func sendsHeadAndMessagesAreEscapedAndItsBodyIsExact() async throws {
        let server = try TerminalSafetyTmuxTests.hostileServer()
        defer { server.stop() }
        server.route("/status") { _ in
            var response = TestResponse.text("body \u{1B}[31m raw\n")
            response.headers.append((name: "X-Forged", value: "a\u{1B}[2Kb"))
            return response
        }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "s.http": "GET {{host}}/status\n\n> {% client.log('\\u001b[2J' + 'cleared'); %}\n"
            ])
        let output = try await fixture.send(["s.http", "--env", "test", "-i"])
        #expect(output.status == 0, "\(output.standardError)")
        let text = String(decoding: output.standardOutput, as: UTF8.self)
        #expect(text.contains(#"X-Forged: a\x1b[2Kb"#), "\(text.debugDescription)")
        let body = Data("body \u{1B}[31m raw\n".utf8)
        #expect(Data(output.standardOutput.suffix(body.count)) == body)
        #expect(output.standardError.contains(#"\x1b[2Jcleared"#), "\(output.standardError.debugDescription)")
        #expect(!output.standardError.contains("\u{1B}"))
    }
}
