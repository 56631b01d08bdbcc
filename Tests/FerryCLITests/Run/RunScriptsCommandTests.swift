import FerryTestSupport
import Foundation
import Testing

/// `ferry run` runs the JetBrains scripts of the files it runs, through the one send pipeline: a login's
/// handler passes its token on in `client.global`, a pre-request script sets a request variable, tests decide
/// the verdict, and a script that throws is reported at its `.http` line.
@Suite struct RunScriptsCommandTests {
    /// A login that answers a token, and an endpoint that answers 200 only with that token.
    func server() throws -> TestHTTPServer {
        let server = try TestHTTPServer()
        server.route("/login", responding: .json(#"{"token": "tok-\#(UUID().uuidString.prefix(8))", "n": 2}"#))
        server.route("/me", responding: .json(#"{"name": "ada"}"#))
        server.route("/missing", responding: .text("gone", status: 404))
        return server
    }

    @Test func aHandlersGlobalReachesTheNextRequestAndTestsDecide() async throws {
        let server = try server()
        defer { server.stop() }
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "flow.http": """
                ### login
                POST {{host}}/login

                > {%
                  client.global.set("token", response.body.token);
                  client.test("login answers a token", function () {
                    client.assert(response.status === 200, "status " + response.status);
                    client.assert(response.body.token.startsWith("tok-"), "no token");
                  });
                  client.log("logged in with " + response.contentType.mimeType);
                %}

                ### me
                < {% request.variables.set("trace", "t-" + (1 + 1)); %}
                GET {{host}}/me
                Authorization: Bearer {{token}}
                X-Trace: {{trace}}

                > {%
                  client.test("name is ada", function () { client.assert(response.body.name === "ada"); });
                %}

                ### gone is fine
                GET {{host}}/missing

                > {% client.test("404 expected", function () { client.assert(response.status === 404); }); %}

                """
            ])
        let output = try await fixture.run(["flow.http", "--env", "test"])
        #expect(output.status == 0, "\(output.text)")
        #expect(output.text.contains("PASS flow.http#login  200"))
        #expect(output.text.contains("PASS flow.http#me  200"))
        #expect(output.text.contains("PASS flow.http#gone is fine  404"))
        #expect(output.text.contains("3 passed, 0 failed"))
        let me = try #require(server.requests.first { $0.target == "/me" })
        #expect(me.header("Authorization")?.hasPrefix("Bearer tok-") == true)
        #expect(me.header("X-Trace") == "t-2")
    }

    @Test func aFailedTestFailsTheRunAndAThrowIsLocatedAtItsLine() async throws {
        let server = try server()
        defer { server.stop() }
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "checks.http": """
                ### wrong name
                GET {{host}}/me

                > {%
                  client.test("name is bob", function () {
                    client.assert(response.body.name === "bob", "expected bob, got " + response.body.name);
                  });
                %}

                ### throws
                GET {{host}}/me

                > {%
                  var x = 1;
                  undefinedFunction(x);
                %}

                """
            ])
        let output = try await fixture.run(["checks.http", "--env", "test"])
        #expect(output.status == 1, "\(output.text)")
        #expect(output.text.contains("FAIL checks.http#wrong name  200"))
        #expect(output.text.contains("name is bob: expected bob, got ada  checks.http:6"))
        #expect(output.text.contains("FAIL checks.http#throws  200"))
        // The exception's line is the `.http` file's: line 15 is `undefinedFunction(x);`.
        #expect(output.text.contains("checks.http:15"), "\(output.text)")
        #expect(output.text.contains("0 passed, 2 failed"))
    }

    /// The default limit (5 s) stops the loop.
    @Test func aLoopingScriptIsStoppedAndTheRunGoesOn() async throws {
        let server = try server()
        defer { server.stop() }
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "loop.http": """
                ### spins
                GET {{host}}/me

                > {% while (true) {} %}

                ### after
                GET {{host}}/me

                """
            ])
        let output = try await fixture.run(["loop.http", "--env", "test"])
        #expect(output.status == 1, "\(output.text)")
        #expect(output.text.contains("FAIL loop.http#spins  200"))
        #expect(output.text.contains("loop.http:4"), "\(output.text)")
        #expect(output.text.contains("PASS loop.http#after  200"))
    }
}
