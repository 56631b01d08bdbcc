import FerryTestSupport
import Foundation
import Testing

/// `ferry import` recognizes an OpenAPI description, and the imported requests send what the description
/// says: path and query variables from the API's own environment (named after it), auth from a secret, JSON
/// and multipart bodies.
@Suite struct OpenAPIImportCommandTests {
    static func spec(server: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Echo, version: "1"}
        servers:
          - url: \(server)/anything
            description: Echo
        security:
          - bearer: []
        paths:
          /items/{itemId}:
            post:
              tags: [items]
              operationId: createItem
              parameters:
                - {name: itemId, in: path, required: true, example: 42}
                - {name: fields, in: query, required: true, schema: {type: string, default: all}}
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        name: {type: string, example: Lamp}
                        tags: {type: array, items: {type: string, enum: [new, used]}}
              responses:
                '200':
                  description: ok
                  content: {application/json: {}}
          /uploads:
            post:
              tags: [files]
              operationId: upload
              security:
                - key: []
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        title: {type: string, example: Notes}
                        file: {type: string, format: binary}
              responses:
                '201': {description: created}
        components:
          securitySchemes:
            bearer: {type: http, scheme: bearer}
            key: {type: apiKey, in: query, name: api_key}
        """
    }

    @Test func importedOpenAPIRequestsSendWhatTheDescriptionSays() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try TemporaryFolder()
        try folder.write("echo.yaml", Self.spec(server: httpbin))
        let imported = try await FerryProcess.run(["import", "echo.yaml"], currentDirectory: folder.url)
        #expect(imported.status == 0)
        #expect(imported.standardError == "")
        #expect(imported.text.contains("wrote items.http (1 request)"))
        #expect(imported.text.contains("wrote files.http (1 request)"))
        #expect(try folder.read("http-client.private.env.json").contains("\"token\": \"\""))

        let sent = try await FerryProcess.run(
            ["send", "items.http#createItem", "--env", "Echo", "--var", "token=t0k3n"], currentDirectory: folder.url)
        #expect(sent.status == 0, "\(sent.standardError)")
        let echo = try #require(try JSONSerialization.jsonObject(with: sent.standardOutput) as? [String: Any])
        #expect(echo["method"] as? String == "POST")
        #expect((echo["url"] as? String)?.hasSuffix("/anything/items/42?fields=all") == true)
        let headers = try #require(echo["headers"] as? [String: Any])
        #expect(headers["Authorization"] as? String == "Bearer t0k3n")
        #expect(headers["Accept"] as? String == "application/json")
        let json = try #require(echo["json"] as? [String: Any])
        #expect(json["name"] as? String == "Lamp")
        #expect(json["tags"] as? [String] == ["new"])

        try folder.write("file", "uploaded bytes\n")
        let uploaded = try await FerryProcess.run(
            ["send", "files.http#upload", "--env", "Echo", "--var", "api_key=k1"], currentDirectory: folder.url)
        #expect(uploaded.status == 0, "\(uploaded.standardError)")
        let upload = try #require(try JSONSerialization.jsonObject(with: uploaded.standardOutput) as? [String: Any])
        #expect((upload["url"] as? String)?.hasSuffix("/anything/uploads?api_key=k1") == true)
        #expect(upload["form"] as? [String: String] == ["title": "Notes"])
        #expect(upload["files"] as? [String: String] == ["file": "uploaded bytes\n"])
    }

    @Test func twoImportedAPIsKeepTheirExamplesInTheirOwnEnvironmentsAndNeverInShared() async throws {
        let folder = try TemporaryFolder()
        try folder.write("echo.yaml", Self.spec(server: "http://127.0.0.1:9"))
        try folder.write(
            "other.yaml",
            Self.spec(server: "http://127.0.0.1:9").replacingOccurrences(of: "title: Echo", with: "title: Other")
                .replacingOccurrences(of: "example: 42", with: "example: 7"))
        try folder.write("http-client.env.json", #"{"mine": {"host": "http://mine.test"}}"#)
        for spec in ["echo.yaml", "other.yaml"] {
            let imported = try await FerryProcess.run(["import", spec], currentDirectory: folder.url)
            #expect(imported.status == 0, "\(imported.standardError)")
        }
        let environments = try #require(
            try JSONSerialization.jsonObject(with: Data(folder.read("http-client.env.json").utf8)) as? [String: Any])
        #expect(Set(environments.keys) == ["mine", "Echo", "Other"])
        #expect((environments["Echo"] as? [String: Any])?["itemId"] as? String == "42")
        #expect((environments["Other"] as? [String: Any])?["itemId"] as? String == "7")
        #expect((environments["mine"] as? [String: Any])?.keys.sorted() == ["host"])
    }
}
