import FerryTestSupport
import Foundation
import Testing

/// `ferry import URL` fetches the document (following redirects) and imports it as if it were a file; a
/// failed fetch is said in words and writes nothing.
@Suite struct ImportFromURLTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
        server.route(
            "/specs/openapi.yaml",
            responding: .text(OpenAPIImportCommandTests.spec(server: "http://127.0.0.1:9"), contentType: "text/yaml"))
        server.route("/latest", responding: .redirect(to: "/specs/openapi.yaml"))
        server.route("/gone", responding: .text("no such spec", status: 404))
    }

    @Test func aURLIsFetchedRecognizedAndImported() async throws {
        let folder = try TemporaryFolder()
        let imported = try await FerryProcess.run(
            ["import", "\(server.baseURL)/latest?v=3"], currentDirectory: folder.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.text.contains("wrote items.http (1 request)"), "\(imported.text)")
        #expect(imported.text.contains("wrote files.http (1 request)"), "\(imported.text)")
        #expect(try folder.read("items.http").contains("POST {{baseUrl}}/items/{{itemId}}?fields={{fields}}"))
        #expect(server.requests.map(\.path) == ["/latest", "/specs/openapi.yaml"])
    }

    @Test func aFailedFetchIsSaidInWordsAndNothingIsWritten() async throws {
        let folder = try TemporaryFolder()
        let missing = try await FerryProcess.run(["import", "\(server.baseURL)/gone"], currentDirectory: folder.url)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("ferry import: GET \(server.baseURL)/gone answered 404 Not Found"))
        let refused = try await FerryProcess.run(
            ["import", "http://127.0.0.1:9/spec.json"], currentDirectory: folder.url)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("Connection refused by 127.0.0.1:9"), "\(refused.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }
}
