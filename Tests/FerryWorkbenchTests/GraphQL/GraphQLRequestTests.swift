import FerryJSON
import Foundation
import Testing

@testable import FerryWorkbench

/// `GRAPHQL` requests in `.http` files: the query and variables split, diagnostics at file:line, and the
/// JSON body they are sent as.
@Suite struct GraphQLRequestTests {
    @Test func sendsThePOSTBodyWithResolvedVariablesAndTheOperationName() throws {
        let file = HTTPFileParser.parse(
            text: """
                ### hero
                GRAPHQL {{host}}/graphql
                Authorization: Bearer {{token}}

                # a comment
                query Hero($id: ID!) {
                  hero(id: $id) {

                    name
                  }
                }

                {
                  "id": "{{heroId}}"
                }
                """, path: "api.http")
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        let request = try #require(file.requests.first)
        #expect(request.isGraphQL)
        let parts = try #require(request.graphQLParts)
        #expect(parts.variablesLineOffset == 7)
        let context = VariableContext(overrides: ["host": "http://127.0.0.1:1", "token": "t", "heroId": "7"])
        let prepared = try request.prepared(with: context)
        #expect(prepared.method == "POST")
        #expect(prepared.header("Content-Type")?.value == "application/json")
        let body = try JSONValue(parsing: try #require(prepared.body))
        #expect(body["query"].value?.stringValue?.hasPrefix("query Hero($id: ID!) {") == true)
        #expect(body["variables"].value == ["id": "7"])
        #expect(body["operationName"].value == "Hero")
    }

    @Test func aShorthandQueryWithoutVariablesHasNeither() throws {
        let file = HTTPFileParser.parse(text: "GRAPHQL http://h/graphql\n\n{\n  hello\n}\n", path: "a.http")
        let prepared = try #require(file.requests.first).prepared(with: VariableContext())
        let body = try JSONValue(parsing: try #require(prepared.body))
        #expect(body == ["query": "{\n  hello\n}"])
    }

    @Test func malformedVariablesAreADiagnosticAtTheirLineAndTheRestLoads() throws {
        let file = HTTPFileParser.parse(
            text: """
                GRAPHQL http://h/graphql

                query A($n: Int) { a(n: $n) }

                {
                  "n": {{n}},
                  "m":
                }

                ###
                GET http://h/next
                """, path: "bad.http")
        #expect(file.requests.count == 2)
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.location.file == "bad.http" && diagnostic.location.line == 8)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("GraphQL variables are not JSON"))
        #expect(throws: VariableError.self) {
            try file.requests[0].prepared(with: VariableContext(overrides: ["n": "1"]))
        }
        do {
            _ = try file.requests[0].prepared(with: VariableContext(overrides: ["n": "1"]))
        } catch let error as VariableError {
            #expect(error.location?.line == 8, "\(error)")
        }
        #expect(try file.requests[1].prepared(with: VariableContext()).url == "http://h/next")
    }

    @Test func aQuerySyntaxErrorIsAWarningAtItsLineAndColumn() throws {
        let file = HTTPFileParser.parse(
            text: "GRAPHQL http://h/graphql\n\nquery {\n  hero(id: {{id}} {\n    name\n  }\n}\n", path: "q.http")
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location.line == 4 && diagnostic.location.column == 19, "\(diagnostic)")
        let missing = HTTPFileParser.parse(text: "GRAPHQL http://h/graphql\n", path: "m.http")
        #expect(missing.diagnostics.first?.message.contains("expected a GraphQL query") == true)
    }

    @Test func variablesThatAreNotAnObjectAreRefused() throws {
        let file = HTTPFileParser.parse(text: "GRAPHQL http://h/g\n\nquery { a }\n\n{\"a\": 1}\n", path: "o.http")
        #expect(file.diagnostics.isEmpty)
        let list = HTTPFileParser.parse(text: "GRAPHQL http://h/g\n\nquery { a }\n\n{\"a\": [1]}\n", path: "o.http")
        #expect(list.diagnostics.isEmpty)
        let scalar = GraphQLRequestParts(body: "query { a }\n\n{ \"a\": 1 }")
        #expect(scalar.variables == "{ \"a\": 1 }")
    }
}
