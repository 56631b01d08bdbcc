import FerryImport
import FerryWorkbench
import Testing

@Suite struct OpenAPIImporterTests {
    static let shop = """
        openapi: 3.0.3
        info: {title: Shop, version: "1"}
        servers:
          - url: https://{region}.shop.test/v{major}/
            description: Production
            variables:
              region: {default: eu}
              major: {default: "2"}
          - url: http://localhost:8080
        security:
          - bearer: []
        paths:
          /items/{itemId}:
            parameters:
              - name: itemId
                in: path
                required: true
                schema: {type: integer, example: 42}
            get:
              tags: [items]
              operationId: getItem
              summary: Get one item
              description: |
                Returns the item.
                Second line is dropped.
              parameters:
                - name: fields
                  in: query
                  required: true
                  schema: {type: string, default: all}
                - name: expand
                  in: query
                  schema: {type: boolean}
                - name: ids
                  in: query
                  required: true
                  schema: {type: array, items: {type: integer}, example: [3, 4]}
                - $ref: '#/components/parameters/Tenant'
              responses:
                '200':
                  description: ok
                  content:
                    application/hal+json: {schema: {$ref: '#/components/schemas/Item'}}
            put:
              tags: [items]
              summary: Replace an item
              security:
                - basic: []
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Item'}
              responses:
                '204': {description: done}
          /items:
            post:
              tags: [items]
              security:
                - key: []
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      properties:
                        name: {type: string, example: lamp}
                        count: {type: integer}
              responses:
                default:
                  description: any
                  content:
                    '*/*': {}
          /uploads:
            post:
              tags: [files]
              operationId: upload
              security: []
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        title: {type: string}
                        file: {type: string, format: binary}
              responses:
                '201': {description: created}
          /notes:
            post:
              operationId: addNote
              security:
                - oauth: [write]
              requestBody:
                content:
                  text/plain:
                    example: hello
              responses:
                '201': {description: created}
        components:
          parameters:
            Tenant:
              name: X-Tenant
              in: header
              required: true
              example: acme
          schemas:
            Item:
              allOf:
                - $ref: '#/components/schemas/Base'
                - type: object
                  properties:
                    kind: {type: string, enum: [tool, toy]}
                    owner:
                      oneOf:
                        - {type: string, format: email}
                        - {type: integer}
                    tags: {type: array, items: {type: string, format: uuid}}
                    created: {type: string, format: date-time}
            Base:
              type: object
              properties:
                id: {type: integer, readOnly: true}
                name: {type: string}
                price: {type: number, minimum: 1.5}
                active: {type: boolean}
          securitySchemes:
            bearer: {type: http, scheme: bearer}
            basic: {type: http, scheme: basic}
            key: {type: apiKey, in: query, name: api-key}
            oauth:
              type: oauth2
              flows: {implicit: {authorizationUrl: 'https://auth.test', scopes: {}}}
        """

    func read(_ text: String, fileName: String = "spec.yaml") throws -> ImportedCollection {
        try OpenAPIImporter.read(Array(text.utf8), fileName: fileName)
    }

    func text(_ collection: ImportedCollection, _ path: String) -> String? {
        collection.files.first { $0.path == path }?.text
    }

    // MARK: - OpenAPI 3

    @Test func groupsOperationsByTagInPathOrder() throws {
        let collection = try read(Self.shop)
        #expect(collection.files.map(\.path) == ["items.http", "files.http", "default.http"])
        #expect(collection.files[0].requests.map(\.title) == ["getItem", "Replace an item", "POST /items"])
        #expect(collection.files[1].requests.map(\.title) == ["upload"])
        #expect(collection.files[2].requests.map(\.title) == ["addNote"])
        ImportReparsing.expectReparses(collection)
    }

    @Test func writesParametersAcceptAndAuthAsTheDialectReadsThem() throws {
        let collection = try read(Self.shop)
        let items = try #require(text(collection, "items.http"))
        let expectedGet = """
            ### getItem
            # Get one item
            # Returns the item.
            # Optional: expand (query)
            GET {{baseUrl}}/items/{{itemId}}?fields={{fields}}&ids={{ids}}
            X-Tenant: {{X-Tenant}}
            Authorization: Bearer {{token}}
            Accept: application/hal+json

            """
        #expect(items.hasPrefix(expectedGet))
        let put = try #require(collection.files[0].requests.first { $0.method == "PUT" })
        #expect(put.header("Authorization") == "Basic {{username}} {{password}}")
        #expect(put.header("Accept") == nil)
        #expect(put.header("Content-Type") == "application/json")
        // allOf merged in order, read-only id left out, first oneOf choice, first enum value, formats.
        #expect(
            put.body == """
                {
                  "name": "string",
                  "price": 1.5,
                  "active": true,
                  "kind": "tool",
                  "owner": "user@example.com",
                  "tags": [
                    "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                  ],
                  "created": "2024-01-01T00:00:00Z"
                }
                """)
        let post = try #require(collection.files[0].requests.last)
        #expect(post.fullURL == "{{baseUrl}}/items?api-key={{api-key}}")
        #expect(post.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(post.body == "name=lamp&count=0")
        #expect(post.header("Accept") == nil)
    }

    @Test func writesMultipartAndOtherBodies() throws {
        let collection = try read(Self.shop)
        let upload = try #require(collection.files[1].requests.first)
        #expect(upload.header("Authorization") == nil)
        #expect(upload.bodyKind == .multipart)
        #expect(
            upload.body == """
                --WebAppBoundary
                Content-Disposition: form-data; name="title"

                string
                --WebAppBoundary
                Content-Disposition: form-data; name="file"; filename="file"
                Content-Type: application/octet-stream

                < ./file
                --WebAppBoundary--
                """)
        let note = try #require(collection.files[2].requests.first)
        #expect(note.header("Content-Type") == "text/plain")
        #expect(note.body == "hello")
        #expect(note.header("Authorization") == "Bearer {{accessToken}}")
    }

    @Test func makesEnvironmentsPerServerAndVariablesForParametersAndSecrets() throws {
        let collection = try read(Self.shop)
        // Named after the API, never `$shared`: the examples apply to the API's own environments only.
        #expect(collection.environments.map(\.name) == ["Shop - Production", "Shop - localhost"])
        let examples: [ImportedCollection.Variable] = [
            .init("itemId", "42"), .init("fields", "all"), .init("ids", "3,4"), .init("X-Tenant", "acme"),
        ]
        #expect(collection.environments[0].variables == [.init("baseUrl", "https://eu.shop.test/v2")] + examples)
        #expect(collection.environments[1].variables == [.init("baseUrl", "http://localhost:8080")] + examples)
        for environment in collection.environments {
            #expect(environment.secrets.map(\.name) == ["token", "username", "password", "api-key", "accessToken"])
            #expect(environment.secrets.allSatisfy { $0.value.isEmpty })
        }
        let warnings = collection.diagnostics.map(\.description)
        #expect(
            warnings == [
                "spec.yaml:130:5: warning: security scheme 'oauth' (oauth2) is imported as 'Authorization: Bearer "
                    + "{{accessToken}}'; get a token yourself and set accessToken"
            ])
    }

    // MARK: - Schemas

    @Test func samplesRecursiveSchemasWithoutLooping() throws {
        let spec = """
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "servers": [{"url": "https://t.test"}],
             "paths": {"/nodes": {"post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}},
               "responses": {"200": {"description": "ok"}}}}},
             "components": {"schemas": {"Node": {"type": "object", "properties": {
               "name": {"type": ["string", "null"]},
               "parent": {"$ref": "#/components/schemas/Node"},
               "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}}}
            """
        let collection = try read(spec, fileName: "nodes.json")
        let request = try #require(collection.files.first?.requests.first)
        #expect(
            request.body == """
                {
                  "name": "string",
                  "parent": null,
                  "children": []
                }
                """)
        #expect(collection.diagnostics.isEmpty)
    }

    @Test func reportsMissingAndExternalReferencesWhereTheyAreAndImportsTheRest() throws {
        let spec = """
            openapi: 3.0.0
            info: {title: t, version: "1"}
            servers: [{url: "https://t.test"}]
            paths:
              /a:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema:
                          $ref: '#/components/schemas/Missing'
                  responses: {'200': {description: ok}}
              /b:
                $ref: 'other.yaml#/paths/~1b'
              /c:
                get:
                  callbacks:
                    done: {}
                  responses: {'200': {description: ok}}
            components: {schemas: {}}
            """
        let collection = try read(spec)
        #expect(collection.requestCount == 2)
        #expect(collection.files.first?.requests.first?.body == "null")
        #expect(
            collection.diagnostics.map(\.description) == [
                "spec.yaml:11:15: warning: $ref '#/components/schemas/Missing' points to nothing in this document; skipped",
                "spec.yaml:14:5: warning: external $ref 'other.yaml#/paths/~1b' is not followed; skipped",
                "spec.yaml:17:7: warning: callbacks of GET /c are not imported",
            ])
    }

    @Test func warnsAboutServersWebhooksAndSchemesItCannotCarryOver() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            servers: [{url: /relative}]
            paths:
              /a:
                servers: [{url: "https://other.test"}]
                get:
                  servers: [{url: "https://op.test"}]
                  security: [{digest: []}, {}]
                  responses: {}
              /b:
                get:
                  security: [{nowhere: []}]
                  responses: {}
            webhooks:
              ping: {post: {responses: {}}}
            components:
              securitySchemes:
                digest: {type: http, scheme: digest}
            """
        let collection = try read(spec)
        #expect(collection.requestCount == 2)
        #expect(
            collection.diagnostics.map(\.description) == [
                "spec.yaml:8:7: warning: servers of GET /a are not imported; {{baseUrl}} is used",
                "spec.yaml:19:5: warning: security scheme 'digest' (http digest) is not supported; no auth added",
                "spec.yaml:6:5: warning: servers of path /a are not imported; {{baseUrl}} is used",
                "spec.yaml:13:7: warning: security scheme 'nowhere' is not defined; no auth added",
                "spec.yaml:15:1: warning: webhooks are not imported",
                "spec.yaml:3:11: warning: server URL '/relative' is relative; set baseUrl to an absolute URL",
            ])
        #expect(collection.environments.last?.variables == [.init("baseUrl", "/relative")])
    }

    // MARK: - Swagger 2.0

    @Test func readsSwagger2() throws {
        let spec = """
            {
              "swagger": "2.0",
              "info": {"title": "Old", "version": "1"},
              "host": "old.test",
              "basePath": "/api/",
              "schemes": ["https", "http"],
              "produces": ["application/xml", "application/json"],
              "securityDefinitions": {
                "basic": {"type": "basic"},
                "key": {"type": "apiKey", "in": "header", "name": "X-Key"}
              },
              "security": [{"key": []}],
              "paths": {
                "/pets/{id}": {
                  "put": {
                    "tags": ["pets"],
                    "operationId": "putPet",
                    "parameters": [
                      {"name": "id", "in": "path", "required": true, "type": "string", "x-example": "p1"},
                      {"name": "body", "in": "body", "schema": {"$ref": "#/definitions/Pet"}}
                    ],
                    "responses": {"200": {"description": "ok"}}
                  },
                  "post": {
                    "tags": ["pets"],
                    "consumes": ["multipart/form-data"],
                    "security": [{"basic": []}],
                    "parameters": [
                      {"name": "id", "in": "path", "required": true, "type": "string"},
                      {"name": "note", "in": "formData", "type": "string", "default": "hi"},
                      {"name": "photo", "in": "formData", "type": "file"}
                    ],
                    "responses": {"200": {"description": "ok"}}
                  }
                }
              },
              "definitions": {
                "Pet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "example": "Rex"}}}
              }
            }
            """
        #expect(OpenAPIImporter.recognizes(Array(spec.utf8), fileName: "old.json"))
        let collection = try read(spec, fileName: "old.json")
        #expect(collection.files.map(\.path) == ["pets.http"])
        let put = try #require(collection.files[0].requests.first)
        #expect(put.fullURL == "{{baseUrl}}/pets/{{id}}")
        #expect(put.header("X-Key") == "{{X-Key}}")
        #expect(put.header("Accept") == "application/xml")
        #expect(put.header("Content-Type") == "application/json")
        #expect(put.body == "{\n  \"name\": \"Rex\"\n}")
        let post = try #require(collection.files[0].requests.last)
        #expect(post.title == "POST /pets/{id}")
        #expect(post.header("Authorization") == "Basic {{username}} {{password}}")
        #expect(post.bodyKind == .multipart)
        #expect(post.body?.contains("name=\"note\"\n\nhi\n") == true)
        #expect(post.body?.contains("< ./photo") == true)
        #expect(collection.environments.map(\.name) == ["Old - old.test", "Old - old.test (http)"])
        #expect(collection.environments[0].variables == [.init("baseUrl", "https://old.test/api"), .init("id", "p1")])
        #expect(collection.environments[1].variables == [.init("baseUrl", "http://old.test/api"), .init("id", "p1")])
        #expect(collection.environments[0].secrets.map(\.name) == ["X-Key", "username", "password"])
        #expect(collection.diagnostics.isEmpty)
        ImportReparsing.expectReparses(collection)
    }

    // MARK: - Recognizing and failing

    @Test func recognizesOnlyOpenAPIAndSwaggerDocuments() {
        func recognizes(_ text: String) -> Bool { OpenAPIImporter.recognizes(Array(text.utf8), fileName: "x") }
        #expect(recognizes("openapi: 3.1.0\ninfo: {}\n"))
        #expect(recognizes("# comment\n'openapi': \"3.0.0\"\n"))
        #expect(recognizes("swagger: '2.0'\n"))
        #expect(recognizes("{\n  \"openapi\" : \"3.0.1\",\n  \"info\": {}\n}"))
        #expect(recognizes(#"{"swagger":"2.0"}"#))
        #expect(!recognizes("openapi: 2.0\n"))
        #expect(!recognizes("info:\n  openapi: 3.0.0\n"))
        #expect(!recognizes("curl https://example.com/openapi.json\n"))
        #expect(!recognizes(#"{"info": {"schema": "https://schema.getpostman.com/json/collection/v2.1.0/"}}"#))
    }

    @Test func failsWithALocatedErrorOnOtherDocuments() {
        #expect(
            throws: Diagnostic(
                "not an OpenAPI 3.x or Swagger 2.0 document (no top-level 'openapi: 3.x' or 'swagger: \"2.0\"')",
                at: SourceLocation(file: "x.yaml", line: 1))
        ) {
            try read("openapi: 2.0\n", fileName: "x.yaml")
        }
        #expect(
            throws: Diagnostic("not valid YAML: unclosed '['", at: SourceLocation(file: "x.yaml", line: 2, column: 8))
        ) {
            try read("openapi: 3.0.0\npaths: [\n", fileName: "x.yaml")
        }
        #expect(throws: Diagnostic.self) { try read("{\"openapi\": ", fileName: "x.json") }
    }

    @Test func keepsFileNamesSafeAndUnique() throws {
        let spec = """
            openapi: 3.0.0
            info: {title: t, version: "1"}
            servers: [{url: "https://t.test"}]
            paths:
              /a: {get: {tags: ["A/B"], responses: {}}}
              /b: {get: {tags: ["a-b"], responses: {}}}
              /c: {get: {tags: [".."], responses: {}}}
              /d: {get: {tags: ["A/B"], summary: same, responses: {}}, post: {tags: ["A/B"], summary: same, responses: {}}}
            """
        let collection = try read(spec)
        #expect(collection.files.map(\.path) == ["A-B.http", "a-b-2.http", "default.http"])
        #expect(collection.files[0].requests.map(\.title) == ["GET /a", "same", "same-2"])
    }
}
