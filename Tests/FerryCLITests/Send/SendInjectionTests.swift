import FerryTestSupport
import Foundation
import Testing

/// `ferry send`, the real binary, with values that would break the request head: refused with a located error,
/// exit code 2, and not a byte to the server.
@Suite struct SendInjectionTests {
    /// Sends the clean request `a.http#clean` and returns the paths the server saw: a request smuggled in
    /// before would be there too.
    func pathsSeen(by server: TestHTTPServer, fixture: SendCommandTests.Fixture) async throws -> [String] {
        #expect(try await fixture.send(["a.http#clean", "--env", "test"]).status == 0)
        return server.requests.map(\.path)
    }

    @Test func aVarWithALineBreakIsRefusedAndNothingIsSent() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/x", responding: .text("ok"))
        server.route("/clean", responding: .text("ok"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: ["a.http": "### x\nGET {{host}}/x\nX-Token: {{token}}\n\n### clean\nGET {{host}}/clean\n"])
        let output = try await fixture.send([
            "a.http#x", "--env", "test", "--var", "token=t\r\nContent-Length: 0\r\n\r\nGET /smuggled HTTP/1.1",
        ])
        #expect(output.status == 2)
        #expect(
            output.standardError.contains(
                "a.http:3: the value of {{token}} (from --var) holds a carriage return (CR) at character 2, "
                    + "which header X-Token cannot hold"))
        #expect(!output.standardError.contains("smuggled"))
        #expect(try await pathsSeen(by: server, fixture: fixture) == ["/clean"])
    }

    @Test func aCapturedResponseValueWithALineBreakIsRefused() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/login",
            responding: .json(#"{"token":"t\r\nX-Admin: 1"}"#))
        server.route("/clean", responding: .text("ok"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http": """
                ### login
                POST {{host}}/login

                ### me
                GET {{host}}/me
                Authorization: Bearer {{login.response.body.$.token}}

                ### clean
                GET {{host}}/clean
                """
            ])
        #expect(try await fixture.send(["a.http#login", "--env", "test"]).status == 0)
        let output = try await fixture.send(["a.http#me", "--env", "test"])
        #expect(output.status == 2)
        #expect(
            output.standardError.contains(
                "a.http:6: the value of {{login.response.body.$.token}} (from a captured response) holds a carriage "
                    + "return (CR) at character 2, which header Authorization cannot hold"))
        #expect(try await pathsSeen(by: server, fixture: fixture) == ["/login", "/clean"])
    }

    @Test func aTenMegabyteURLGetsAShortError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/clean", responding: .text("ok"))
        let long = String(repeating: "a", count: 10 << 20)
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "### big\nGET {{host}}/\(long)\n\n### clean\nGET {{host}}/clean\n"])
        let output = try await fixture.send(["a.http#big", "--env", "test"])
        #expect(output.status == 2)
        #expect(
            output.standardError.contains(
                "a.http:2: the URL is \(server.baseURL.count + 1 + long.count) characters long, over the limit of 65536"
            ))
        #expect(output.standardError.utf8.count < 400)
        #expect(try await pathsSeen(by: server, fixture: fixture) == ["/clean"])
    }
}
