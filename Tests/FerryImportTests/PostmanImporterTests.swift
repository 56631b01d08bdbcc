import Testing

@testable import FerryImport
@testable import FerryWorkbench

@Suite struct PostmanImporterTests {
    static let collection = """
        {
          "info": {
            "name": "Shop: API",
            "description": "The shop.",
            "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"
          },
          "auth": { "type": "bearer", "bearer": [ { "key": "token", "value": "{{token}}", "type": "string" } ] },
          "variable": [
            { "key": "host", "value": "https://shop.test" },
            { "key": "apiKey", "value": "k-1" },
            { "key": "off", "value": "x", "disabled": true }
          ],
          "item": [
            {
              "name": "List items",
              "request": {
                "method": "GET",
                "description": "Lists items.\\n@internal",
                "header": [
                  { "key": "Accept", "value": "application/json" },
                  { "key": "X-Debug", "value": "1", "disabled": true }
                ],
                "url": {
                  "raw": "{{host}}/items/:id?page=1&draft=true",
                  "host": [ "{{host}}" ],
                  "path": [ "items", ":id" ],
                  "query": [ { "key": "page", "value": "1" }, { "key": "draft", "value": "true", "disabled": true } ],
                  "variable": [ { "key": "id", "value": "42" } ]
                }
              }
            },
            {
              "name": "Orders",
              "auth": { "type": "basic", "basic": [ { "key": "username", "value": "ann" }, { "key": "password", "value": "{{pw}}" } ] },
              "item": [
                {
                  "name": "Create order",
                  "event": [ { "listen": "test", "script": { "exec": [ "pm.environment.set('order', pm.response.json().id);", "pm.visualizer.set(t);" ] } } ],
                  "request": {
                    "method": "POST",
                    "url": "{{host}}/orders",
                    "body": { "mode": "raw", "raw": "{\\"a\\": 1}", "options": { "raw": { "language": "json" } } }
                  }
                },
                {
                  "name": "Create order",
                  "request": {
                    "method": "post",
                    "auth": { "type": "noauth" },
                    "url": "{{host}}/orders",
                    "body": { "mode": "urlencoded", "urlencoded": [
                      { "key": "a b", "value": "1&2" }, { "key": "off", "value": "x", "disabled": true } ] }
                  }
                },
                {
                  "name": "Upload",
                  "request": {
                    "method": "PUT",
                    "auth": { "type": "apikey", "apikey": [ { "key": "key", "value": "api_key" }, { "key": "value", "value": "{{apiKey}}" }, { "key": "in", "value": "query" } ] },
                    "url": { "raw": "{{host}}/upload" },
                    "body": { "mode": "formdata", "formdata": [
                      { "key": "title", "value": "Hi", "type": "text" },
                      { "key": "file", "type": "file", "src": "docs/a.pdf" },
                      { "key": "skip", "value": "x", "type": "text", "disabled": true } ] }
                  }
                },
                {
                  "name": "Query",
                  "request": {
                    "method": "POST",
                    "auth": { "type": "hawk", "hawk": [] },
                    "url": "{{host}}/graphql",
                    "body": { "mode": "graphql", "graphql": { "query": "{ items { id } }", "variables": "{\\"n\\": 2}" } }
                  }
                }
              ]
            }
          ]
        }
        """

    func imported() throws -> ImportedCollection {
        let result = try PostmanImporter.read(Array(Self.collection.utf8), fileName: "shop.json")
        ImportReparsing.expectReparses(result)
        return result
    }

    @Test func foldersBecomeFilesAndRequestsKeepWhatTheySay() throws {
        let result = try imported()
        #expect(result.files.map(\.path) == ["Shop- API.http", "Orders.http"])
        #expect(
            result.files[0].text == """
                ### List items
                # The shop.
                # Lists items.
                # -- @internal
                @id = 42
                GET {{host}}/items/{{id}}?page=1
                Accept: application/json
                # X-Debug: 1
                Authorization: Bearer {{token}}


                """)
        let orders = result.files[1].requests
        #expect(orders.map(\.title) == ["Create order", "Create order 2", "Upload", "Query"])
        #expect(
            orders[0].rendered(separator: true) == """
                ### Create order
                POST {{host}}/orders
                Content-Type: application/json
                Authorization: Basic ann {{pw}}

                {"a": 1}

                > {%
                  const postmanResponseText = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
                  client.global.set('order', JSON.parse(postmanResponseText).id);
                  // Postman (not translated): pm.visualizer.set(t);
                %}


                """)
        #expect(orders[1].method == "POST")
        #expect(orders[1].header("Authorization") == nil)
        #expect(orders[1].body == "a%20b=1%262")
        #expect(orders[1].header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(orders[2].url == "{{host}}/upload?api_key={{apiKey}}")
        #expect(orders[2].header("Authorization") == nil)
        #expect(
            orders[2].formFields == [
                FormField(name: "title", value: "Hi"), FormField(name: "file", filePath: "./docs/a.pdf"),
            ])
        #expect(orders[3].body == "{\n  \"query\": \"{ items { id } }\",\n  \"variables\": {\n    \"n\": 2\n  }\n}")
        #expect(orders[3].header("Content-Type") == "application/json")
    }

    @Test func variablesBecomeTheSharedEnvironmentWithSecretsApart() throws {
        let result = try imported()
        #expect(
            result.environments == [
                .init(
                    name: "$shared", variables: [.init("host", "https://shop.test")], secrets: [.init("apiKey", "k-1")])
            ])
    }

    @Test func scriptsAndUnsupportedAuthAreLocatedWarnings() throws {
        let result = try imported()
        let lines = Self.collection.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(result.diagnostics.count == 2)
        for diagnostic in result.diagnostics {
            #expect(diagnostic.severity == .warning)
            #expect(diagnostic.location.file == "shop.json")
        }
        let script = try #require(
            result.diagnostics.first { $0.message.contains("scripts") || $0.message.contains("script") })
        #expect(
            script.message
                == "'Create order': 1 line of its test script kept as comments (Postman's API with no JetBrains "
                + "counterpart, first: 'pm.visualizer.set(t);'); the rest runs as a JetBrains response handler")
        let order = try #require(result.files.flatMap(\.requests).first { !$0.responseHandlers.isEmpty })
        #expect(
            order.responseHandlers == [
                "> {%",
                #"  const postmanResponseText = typeof response.body === "string" ? response.body : JSON.stringify(response.body);"#,
                "  client.global.set('order', JSON.parse(postmanResponseText).id);",
                "  // Postman (not translated): pm.visualizer.set(t);", "%}",
            ])
        #expect(lines[script.location.line - 1].contains("\"event\""))
        let hawk = try #require(result.diagnostics.first { $0.message.contains("hawk") })
        #expect(lines[hawk.location.line - 1].contains("\"hawk\""))
    }

    @Test func version2AuthObjectsAndStringURLs() throws {
        let text = """
            {"info": {"name": "old", "schema": "https://schema.getpostman.com/json/collection/v2.0.0/collection.json"},
             "item": [{"name": "d", "request": {"url": "https://e.test/digest", "method": "GET",
               "auth": {"type": "digest", "digest": {"username": "postman", "password": "password", "realm": "r"}}}},
               {"name": "s", "request": "https://e.test/plain"}]}
            """
        let result = try PostmanImporter.read(Array(text.utf8), fileName: "old.json")
        ImportReparsing.expectReparses(result)
        #expect(result.files[0].requests[0].header("Authorization") == "Digest postman password")
        #expect(result.files[0].requests[1].url == "https://e.test/plain")
    }

    @Test func environmentFilesKeepTheLastEnabledValueAndSecretsApart() throws {
        let text = """
            {"name": "Sandbox", "_postman_variable_scope": "environment", "values": [
              {"key": "host", "value": "https://a.test", "enabled": true},
              {"key": "host", "value": "https://b.test", "enabled": true},
              {"key": "old", "value": "1", "enabled": false},
              {"key": "clientSecret", "value": "", "enabled": true},
              {"key": "pin", "value": "1234", "type": "secret"}]}
            """
        #expect(PostmanImporter.recognizes(Array(text.utf8), fileName: "sandbox.json"))
        let result = try PostmanImporter.read(Array(text.utf8), fileName: "sandbox.json")
        #expect(
            result.environments == [
                .init(
                    name: "Sandbox", variables: [.init("host", "https://b.test")],
                    secrets: [.init("clientSecret", ""), .init("pin", "1234")])
            ])
    }

    @Test func brokenInputIsALocatedError() {
        #expect {
            _ = try PostmanImporter.read(Array("{\n  \"info\": {,\n}".utf8), fileName: "bad.json")
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.location.line == 2 && diagnostic.location.file == "bad.json"
                && diagnostic.severity == .error
        }
        #expect(!PostmanImporter.recognizes(Array("curl https://a".utf8), fileName: "a.txt"))
        #expect(!PostmanImporter.recognizes(Array("{\"openapi\": \"3.0.0\"}".utf8), fileName: "api.json"))
        #expect(PostmanImporter.recognizes(Array("{}".utf8), fileName: "x.postman_collection.json"))
    }
}

@Suite struct PostmanDynamicVariableTests {
    @Test func knownDynamicVariablesAreTranslatedAndUnknownOnesAreWarnings() throws {
        let text = """
            {"info": {"name": "d"},
             "auth": {"type": "bearer", "bearer": [{"key": "token", "value": ""}]},
             "item": [{"name": "make", "request": {"method": "POST", "url": "https://a.test/{{$guid}}",
               "header": [{"key": "X-Email", "value": "{{$randomEmail}}"}, {"key": "X-Bank", "value": "{{$randomBankAccount}}"}],
               "body": {"mode": "raw", "raw": "{\\"at\\": {{$timestamp}}, \\"n\\": \\"{{$randomFirstName}}\\", \\"i\\": \\"{{$randomAvatarImage}}\\"}"}}}]}
            """
        let result = try PostmanImporter.read(Array(text.utf8), fileName: "d.json")
        let request = result.files[0].requests[0]
        #expect(request.url == "https://a.test/{{$uuid}}")
        #expect(request.header("X-Email") == "{{$random.internet.emailAddress}}")
        #expect(request.body?.contains("{{$random.name.firstName}}") == true)
        #expect(request.body?.contains("{{$timestamp}}") == true)
        #expect(request.header("Authorization") == nil)
        #expect(
            result.diagnostics.map(\.description)
                == [
                    "d.json:2:1: warning: the bearer auth of 'make' has no token; not imported",
                    "d.json:3:1: warning: 'make' uses Postman dynamic variables Ferry does not have ($randomBankAccount, $randomAvatarImage); sending it fails until they are replaced",
                ])
        // What it translates to, Ferry resolves.
        let translated = PostmanDynamicVariables.ferryNames.values.map { $0.prefix { $0 != "(" } }
        #expect(translated.allSatisfy { DynamicVariable.names.contains(String($0)) })
    }
}
