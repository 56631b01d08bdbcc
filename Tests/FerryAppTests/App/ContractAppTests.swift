import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// In the workbench, a request's `# @contract openapi.yaml` checks its response as `ferry run --contract` does:
/// the check reaches the Tests tab as a test named after the operation, failed with each violation's path.
@Suite("Contracts in the workbench", .serialized)
final class ContractAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        server.route("/pets/7", responding: .json(#"{"id": "7", "name": "Rex"}"#))
        folder = try TemporaryWorkspace(
            requests: """
                ### pet
                # @name pet
                # @contract openapi.yaml
                GET {{host}}/pets/7

                """,
            environments: ["local": server.baseURL],
            extraFiles: [
                "openapi.yaml": """
                openapi: 3.1.0
                info: {title: Pets, version: "1"}
                paths:
                  /pets/{petId}:
                    get:
                      responses:
                        "200":
                          description: a pet
                          content:
                            application/json:
                              schema:
                                type: object
                                required: [id, name, kind]
                                properties: {id: {type: integer}, name: {type: string}}
                """
            ])
    }

    deinit { server.stop() }

    @Test func theContractsTestIsListedWithEachViolation() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the contract's test") { app.state.currentExchange?.scriptOutcomes.isEmpty == false }
        let tests = app.state.currentExchange?.scriptOutcomes.flatMap(\.tests) ?? []
        #expect(tests.map(\.name) == ["conforms to openapi.yaml (GET /pets/{petId} → 200)"])
        #expect(tests.map(\.passed) == [false])
        // The test points at the operation in the contract: its `get:` on line 5.
        #expect(tests.first?.location == ScriptLocation(path: "openapi.yaml", line: 5))
        #expect(
            tests.first?.message
                == "$: lacks the required property 'kind'\n$['id']: is a string, not an integer")
        try await app.quit()
    }
}
