import FerryJSON
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// ``APIContract`` on the real descriptions of `../shared/corpus/openapi` (OpenAPI 3.0.x and 3.1.0, YAML and JSON,
/// up to 1.2 MB): every one reads; requests find their operations through the `servers` base path and the most
/// literal template; responses are judged by status, media type and schema.
@Suite struct APIContractTests {
    static let folder: URL? = TestServers.corpusDirectory().map { $0.appendingPathComponent("openapi") }
        .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }

    static func contract(_ name: String) throws -> APIContract {
        let url = try #require(folder).appendingPathComponent(name)
        return try APIContract(reading: [UInt8](try Data(contentsOf: url)), fileName: name)
    }

    @Test(.enabled(if: folder != nil, "skipped: ../shared/corpus/openapi is absent (set FERRY_CORPUS)"))
    func everyCorpusDescriptionReads() throws {
        for name in [
            "oai-petstore.yaml", "oai-uspto.json", "swagger-petstore-v3.openapi.yaml", "spotify-web-api.openapi.yml",
            "discord-api.openapi.json",
        ] {
            #expect(try Self.contract(name).operations.count > 2, "\(name)")
        }
    }

    @Test(.enabled(if: folder != nil, "skipped: ../shared/corpus/openapi is absent (set FERRY_CORPUS)"))
    func requestsFindTheMostLiteralOperationUnderTheServersPath() throws {
        let discord = try Self.contract("discord-api.openapi.json")
        #expect(
            discord.operation(method: "GET", url: "https://discord.com/api/v10/users/@me")?.name == "GET /users/@me")
        #expect(
            discord.operation(method: "get", url: "http://127.0.0.1:8080/api/v10/users/80351110224678912?x=1")?.name
                == "GET /users/{user_id}")
        #expect(discord.operation(method: "GET", url: "https://discord.com/api/v10/nothing/here") == nil)
        // The JSON file's `"get": {` is on the line after `"/users/@me": {` (14836).
        #expect(discord.operation(method: "GET", url: "https://discord.com/api/v10/users/@me")?.line == 14837)
        let spotify = try Self.contract("spotify-web-api.openapi.yml")
        #expect(
            spotify.operation(method: "GET", url: "http://localhost/v1/albums/4aawyAB9vmqN3uQ7FjRGTy")?.name
                == "GET /albums/{id}")
        #expect(spotify.operation(method: "DELETE", url: "http://localhost/v1/albums/4aawyAB9vmqN3uQ7FjRGTy") == nil)
    }

    @Test(.enabled(if: folder != nil, "skipped: ../shared/corpus/openapi is absent (set FERRY_CORPUS)"))
    func petstoreResponsesAreJudgedByStatusMediaTypeAndSchema() throws {
        let petstore = try Self.contract("swagger-petstore-v3.openapi.yaml")
        let url = "https://petstore3.swagger.io/api/v3/pet/10"
        let good = petstore.check(
            method: "GET", url: url, status: 200, contentType: "application/json; charset=utf-8",
            body: Array(#"{"id": 10, "name": "doggie", "photoUrls": [], "status": "sold", "tags": [{"id": 1}]}"#.utf8))
        #expect(good.operation == "GET /pet/{petId}")
        // The operation's `get:` is line 202.
        #expect(good.line == 202)
        #expect(good.response == "200")
        #expect(good.violations == [])
        #expect(good.conforms)
        let bad = petstore.check(
            method: "GET", url: url, status: 200, contentType: "application/json",
            body: Array(#"{"id": "10", "name": 3, "status": "lost", "category": {"id": 1.5}}"#.utf8))
        #expect(
            bad.violations.map(\.description) == [
                "$: lacks the required property 'photoUrls'",
                "$['id']: is a string, not an integer",
                "$['name']: is an integer, not a string",
                #"$['status']: "lost" is not one of "available", "pending", "sold""#,
                "$['category']['id']: is a number, not an integer",
            ])
        #expect(bad.violations.first?.schemaLocation == "#/components/schemas/Pet/required")
        let xml = petstore.check(method: "GET", url: url, status: 200, contentType: "application/xml", body: [])
        #expect(xml.violations == [])
        let html = petstore.check(
            method: "GET", url: url, status: 200, contentType: "text/html", body: Array("<p>".utf8))
        #expect(html.violations.map(\.place) == ["Content-Type"])
        // The operation declares 200, 400, 404 and `default`: another status is the default response (no content).
        let teapot = petstore.check(method: "GET", url: url, status: 418, contentType: nil, body: [])
        #expect(teapot.response == "default")
        #expect(teapot.violations == [])
        let broken = petstore.check(
            method: "GET", url: url, status: 200, contentType: "application/json", body: Array("{".utf8))
        #expect(broken.violations.map(\.place) == ["body"])
    }

    @Test func statusAndMediaTypeFallBackFromExactToRanges() throws {
        let contract = try APIContract(
            reading: Array(
                #"""
                {"openapi": "3.1.0", "paths": {"/things/{id}": {"get": {"responses": {
                  "200": {"description": "", "content": {"application/*+json": {"schema": {"type": "object"}}}},
                  "4xx": {"description": "", "content": {"text/*": {}}},
                  "default": {"description": "", "content": {"*/*": {"schema": {"type": "string"}}}}}}}}}
                """#.utf8), fileName: "c.json")
        let url = "http://h/things/1"
        let problem = contract.check(
            method: "GET", url: url, status: 200, contentType: "application/problem+json", body: Array("[]".utf8))
        #expect(problem.violations.map(\.description) == ["$: is an array, not an object"])
        let notFound = contract.check(method: "GET", url: url, status: 404, contentType: "text/plain", body: [])
        #expect(notFound.response == "4xx")
        #expect(notFound.violations == [])
        let server = contract.check(
            method: "GET", url: url, status: 503, contentType: "application/json", body: Array("1".utf8))
        #expect(server.response == "default")
        #expect(server.violations.map(\.description) == ["$: is an integer, not a string"])
        let untyped = contract.check(method: "GET", url: url, status: 200, contentType: nil, body: Array("{}".utf8))
        #expect(untyped.violations.map(\.place) == ["Content-Type"])
        let unmatched = contract.check(method: "POST", url: url, status: 200, contentType: nil, body: [])
        #expect(unmatched.operation == nil)
        #expect(!unmatched.conforms)
        #expect(unmatched.warning?.contains("no operation matches") == true)
    }

    @Test func whatIsNotAContractIsRefusedWithTheFileName() {
        #expect(throws: ContractError.self) {
            try APIContract(reading: Array("swagger: '2.0'\npaths: {}\n".utf8), fileName: "old.yaml")
        }
        #expect(throws: ContractError.self) {
            try APIContract(reading: Array("{\"openapi\": ".utf8), fileName: "cut.json")
        }
        do {
            _ = try APIContract(reading: Array("openapi: 3.0.0\ninfo: {}\n".utf8), fileName: "nopaths.yaml")
            Issue.record("read a description without paths")
        } catch {
            #expect(error.description == "nopaths.yaml: the description has no `paths`")
        }
    }
}
