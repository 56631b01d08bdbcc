import FerryTestSupport
import Foundation
import Testing

/// `ferry run -v|--verbose`: each request's heads as sent (`> `), its response head (`< `) and its timing on
/// stderr, in the run's order, secrets masked; the lines and the report on stdout stay as they were.
@Suite struct RunVerboseTests {
    @Test func printsEachRequestsExchangeMaskedOnStandardError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/login",
            responding: TestResponse(
                status: 201,
                headers: [("Content-Type", "text/plain"), ("Set-Cookie", "sid=cookie-SECRET-7; Path=/")],
                body: Data("ok".utf8)))
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": "### login\nPOST {{host}}/login\nX-Key: {{key}}\n\n### me\nGET {{host}}/echo?who=me\n"
                    + "Authorization: Bearer tok-SECRET-3\n",
                "http-client.private.env.json": #"{ "test": { "key": "key-SECRET-9" } }"#,
            ])
        let quiet = try await fixture.run(["a.http", "--env", "test"])
        let output = try await fixture.run(["a.http", "--env", "test", "-v"])
        #expect(output.status == 0, "\(output.standardError)")
        let errors = output.standardError
        let login = try #require(errors.range(of: "> POST /login HTTP/1.1\n"), "\(errors)")
        let me = try #require(errors.range(of: "> GET /echo?who=me HTTP/1.1\n"), "\(errors)")
        #expect(login.lowerBound < me.lowerBound, "in the run's order")
        let first = errors[login.lowerBound..<me.lowerBound]
        #expect(first.contains("> X-Key: ••••••\n"), "\(first)")
        #expect(first.contains("< HTTP/1.1 201"), "\(first)")
        #expect(first.contains("< Set-Cookie: sid=••••••; Path=/\n"), "\(first)")
        #expect(first.contains("Total "), "the timing follows each exchange: \(first)")
        let second = errors[me.lowerBound...]
        #expect(second.contains("> Authorization: Bearer ••••••\n"), "\(second)")
        #expect(second.contains("< HTTP/1.1 200"), "\(second)")
        for secret in ["key-SECRET-9", "cookie-SECRET-7", "tok-SECRET-3"] { #expect(!errors.contains(secret)) }
        #expect(server.requests.first?.header("X-Key") == "key-SECRET-9")
        // Stdout has the same lines as without -v (times aside), and stderr had no heads then.
        func verdicts(_ text: String) -> [String] {
            text.split(separator: "\n").prefix(3).map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        }
        #expect(verdicts(output.text) == verdicts(quiet.text))
        #expect(!quiet.standardError.contains("> POST"))
        // --verbose is the same option; with --report json the report still goes to stdout.
        let json = try await fixture.run(["a.http", "--env", "test", "--verbose", "--report", "json"])
        #expect(json.status == 0)
        #expect(json.standardError.contains("> POST /login HTTP/1.1\n"))
        #expect(json.text.hasPrefix("{"), "\(json.text)")
    }

    @Test func verboseWithALoadIsRefusedAndTheOldVariableFormNamesTheNewOne() async throws {
        let fixture = try RunCommandTests.Fixture(base: "http://127.0.0.1:9", files: ["a.http": "GET {{host}}/\n"])
        let load = try await fixture.run(["a.http", "-v", "--duration", "1s"])
        #expect(load.status == 2)
        #expect(load.standardError.contains("--verbose cannot go with --duration"), "\(load.standardError)")
        let old = try await fixture.run(["a.http", "-v", "host=x"])
        #expect(old.status == 2)
        #expect(old.standardError.contains("-v is not --var any more"), "\(old.standardError)")
    }
}
