import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// In the workbench, scripts run on the same pipeline as `ferry send` and `ferry run`: a login's handler
/// sets `client.global`, the next request resolves `{{token}}` from it, and its tests reach the Tests tab.
@Suite("Scripts in the workbench", .serialized)
final class ScriptChainingAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        server.route("/login", responding: .json(#"{"token": "js-777"}"#))
        server.route("/me") { request in .text(request.header("Authorization") ?? "(none)") }
        folder = try TemporaryWorkspace(
            requests: """
                ### login
                # @name login
                POST {{host}}/login

                > {%
                  client.global.set("token", response.body.token);
                  client.test("a token came", function () { client.assert(response.body.token, "none"); });
                  client.test("status is 201", function () { client.assert(response.status === 201, "got " + response.status); });
                %}

                ### me
                # @name me
                GET {{host}}/me
                Authorization: Bearer {{token}}

                """,
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func aHandlersGlobalIsUsedByTheNextSendAndItsTestsAreListed() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the login's tests") { app.state.currentExchange?.scriptOutcomes.isEmpty == false }
        let tests = app.state.currentExchange?.scriptOutcomes.flatMap(\.tests) ?? []
        #expect(tests.map(\.name) == ["a token came", "status is 201"])
        #expect(tests.map(\.passed) == [true, false])
        #expect(tests.last?.message == "got 200")
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "me")
        try await app.press(.control("r"))
        try await app.waitFor("the chained response") { app.state.currentExchange?.response != nil }
        #expect(server.requests.last { $0.target == "/me" }?.header("Authorization") == "Bearer js-777")
        #expect(app.shows("Bearer js-777"), "\(app.screen)")
        try await app.quit()
    }
}
