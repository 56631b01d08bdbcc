import FerryScript
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@Suite struct ResponseAPITests {
    @Test func jsonBodyStatusAndContentTypeFromTheLoopbackServer() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/login", responding: .json(#"{"token":"t-123","user":{"roles":["admin","dev"]}}"#, status: 201))
        let response = try await fetch(server.baseURL + "/login")
        let globals = ScriptGlobals()
        let outcome = sharedRunner.runHandler(
            inline(
                """
                client.global.set("auth_token", response.body.token);
                client.test("created", () => client.assert(response.status === 201, "status " + response.status));
                client.test("roles", () => client.assert(response.body.user.roles[1] === "dev"));
                client.log(response.contentType.mimeType, String(response.contentType.charset));
                """), request: plainRequest, response: response, globals: globals)
        #expect(outcome.error == nil)
        #expect(outcome.tests.map(\.passed) == [true, true])
        #expect(globals["auth_token"] == "t-123")
        #expect(outcome.log == ["application/json \(response.charset ?? "null")"])
    }

    @Test func textBodyIsAString() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/plain", responding: .text("hello {not json}"))
        let outcome = sharedRunner.runHandler(
            inline(
                "client.log(typeof response.body, response.body, response.contentType.mimeType, response.contentType.charset)"
            ),
            request: plainRequest, response: try await fetch(server.baseURL + "/plain"), globals: ScriptGlobals())
        #expect(outcome.log == ["string hello {not json} text/plain utf-8"])
    }

    @Test func headersValueOfAndValuesOfIgnoreCase() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/cookies",
            responding: TestResponse(
                status: 200, headers: [("Set-Cookie", "a=1"), ("set-cookie", "b=2"), ("X-Trace", "abc")],
                body: Data("ok".utf8)))
        let outcome = sharedRunner.runHandler(
            inline(
                """
                client.log(response.headers.valueOf("x-TRACE"));
                client.log(response.headers.valuesOf("SET-COOKIE"));
                client.log(response.headers.valueOf("missing"), response.headers.valuesOf("missing").length);
                """), request: plainRequest, response: try await fetch(server.baseURL + "/cookies"),
            globals: ScriptGlobals())
        #expect(outcome.error == nil)
        #expect(outcome.log == ["abc", #"["a=1","b=2"]"#, "null 0"])
    }

    @Test func handlerOnHttpbinJSON() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let response = try await fetch(httpbin + "/headers", headers: ["X-Ferry: script"])
        let outcome = sharedRunner.runHandler(
            inline(
                """
                client.test("echoed", () => {
                  client.assert(response.body.headers["X-Ferry"] === "script", JSON.stringify(response.body));
                  client.assert(jsonPath(response.body, "$.headers['X-Ferry']") === "script", "jsonPath");
                });
                """), request: plainRequest, response: response, globals: ScriptGlobals())
        #expect(outcome.tests.first?.passed == true, "\(outcome)")
    }

    @Test func requestIsReadOnlyInAHandler() throws {
        let response = ScriptResponseFacts(status: 204, headers: [], body: Data())
        let outcome = sharedRunner.runHandler(
            inline("client.log(request.method);\nrequest.variables.set('x', '1')", line: 7),
            request: ScriptRequestFacts(method: "DELETE", rawURL: "http://127.0.0.1/x"), response: response,
            globals: ScriptGlobals())
        #expect(outcome.log == ["DELETE"])
        #expect(outcome.error?.message.contains("request.variables.set works only in a pre-request script") == true)
        #expect(outcome.error?.location?.line == 8)
        #expect(outcome.requestVariables.isEmpty)
    }
}
