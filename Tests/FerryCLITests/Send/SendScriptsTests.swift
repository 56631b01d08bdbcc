import FerryTestSupport
import Foundation
import Testing

/// `ferry send` runs the request's scripts on the one pipeline: a pre-request script's variable reaches the
/// wire, the handler's log and tests are printed on standard error (the body stays alone on standard
/// output), `>>` saves the body and says where, and a secret in a script's log is masked.
@Suite struct SendScriptsTests {
    @Test func scriptsRunAndTheirResultsGoToStandardError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/items") { request in .json(#"{"trace": "\#(request.header("X-Trace") ?? "none")"}"#) }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": """
                < {% request.variables.set("trace", crypto.sha256().updateWithText("x").digest().toHex().slice(0, 8)); %}
                GET {{host}}/items
                X-Trace: {{trace}}

                > {%
                  client.log("trace was " + response.body.trace);
                  client.test("trace echoed", function () { client.assert(response.body.trace.length === 8); });
                  client.test("never", function () { client.assert(false, "expected to fail"); });
                %}
                >> ./saved/items.json

                """
            ])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.status == 0, "\(output.standardError)")
        // sha256("x") starts 2d711642.
        #expect(server.requests.last?.header("X-Trace") == "2d711642")
        #expect(output.text == #"{"trace": "2d711642"}"#)
        #expect(output.standardError.contains("trace was 2d711642"))
        #expect(output.standardError.contains("test passed: trace echoed"))
        #expect(
            output.standardError.contains("test failed: never: expected to fail (a.http:8"), "\(output.standardError)")
        #expect(output.standardError.contains("response saved to "))
        #expect(
            try String(contentsOf: fixture.root.appendingPathComponent("saved/items.json"), encoding: .utf8).contains(
                "2d711642"))
    }

    @Test func aPreRequestScriptThatThrowsStopsTheSendAtItsLine() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: ["a.http": "< {%\n  var a = 1;\n  a.b.c = 2;\n%}\nGET {{host}}/items\n"])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.status == 2, "\(output.standardError)")
        #expect(output.standardError.contains("a.http:3"), "\(output.standardError)")
        #expect(server.requests.isEmpty)
    }
}
