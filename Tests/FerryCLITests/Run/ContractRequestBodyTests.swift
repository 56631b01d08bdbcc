import FerryTestSupport
import Foundation
import Testing

/// `--contract` checks a request's body against its operation's `requestBody` before sending (ADR 0106): a body
/// that breaks the schema, a content type not declared, or a required body left out is refused — not sent, exit 2,
/// each violation named by its JSON path — in `ferry send` and in `ferry run` (the request `not sent`, the run going
/// on); a conforming body is sent and its response checked as before.
@Suite struct ContractRequestBodyTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: Pet intake, version: "2"}
        servers:
          - url: http://pets.example/api
        paths:
          /pets:
            post:
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Pet"}
              responses:
                "201": {description: created}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer}
                name: {type: string, minLength: 1}
              additionalProperties: false
        """

    static let requests = """
        ### good
        POST {{host}}/api/pets
        Content-Type: application/json

        {"id": 1, "name": "Rex"}

        ### wrong
        POST {{host}}/api/pets
        Content-Type: application/json

        {"id": "one", "name": "", "colour": "red"}

        ### empty
        POST {{host}}/api/pets

        ### text
        POST {{host}}/api/pets
        Content-Type: text/plain

        Rex

        """

    @Test func aBodyThatBreaksTheContractIsNotSent() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/api/pets", responding: TestResponse(status: 201))
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL, files: ["openapi.yaml": Self.contract, "pets.http": Self.requests])
        let sent = try await FerryProcess.run(
            ["send", "pets.http#good", "--env", "test", "--contract", "openapi.yaml"], currentDirectory: fixture.url)
        #expect(sent.status == 0, "\(sent.standardError)")
        #expect(server.requests.count == 1)
        let wrong = try await FerryProcess.run(
            ["send", "pets.http#wrong", "--env", "test", "--contract", "openapi.yaml"], currentDirectory: fixture.url)
        #expect(wrong.status == 2)
        #expect(
            wrong.standardError.contains(
                "pets.http:8:1: the request body does not conform to openapi.yaml (POST /pets), not sent:"),
            "\(wrong.standardError)")
        #expect(wrong.standardError.contains("  $['id']: "), "\(wrong.standardError)")
        #expect(wrong.standardError.contains("  $['name']: "), "\(wrong.standardError)")
        #expect(server.requests.count == 1)
        // Without --contract the same request is sent.
        let plain = try await FerryProcess.run(
            ["send", "pets.http#wrong", "--env", "test"], currentDirectory: fixture.url)
        #expect(plain.status == 0)
        #expect(server.requests.count == 2)

        let run = try await fixture.run(["pets.http", "--env", "test", "--contract", "openapi.yaml"])
        #expect(run.status == 2)
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PASS pets.http#good  201  ") == true, "\(run.text)")
        #expect(lines.contains { $0.hasPrefix("FAIL pets.http#wrong  not sent: pets.http:8:1: the request body") })
        #expect(lines.contains { $0.hasPrefix("FAIL pets.http#empty  not sent: pets.http:14:1: the request body") })
        #expect(run.text.contains("request body: missing; POST /pets requires one"), "\(run.text)")
        #expect(lines.contains { $0.hasPrefix("FAIL pets.http#text  not sent: pets.http:17:1: the request body") })
        #expect(run.text.contains("request Content-Type: text/plain is not declared (declared: application/json)"))
        #expect(server.requests.count == 3)
    }
}
