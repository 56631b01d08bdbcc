import Foundation
import Testing

@testable import FerryWorkbench

/// The GraphQL lexer and parser: documents, operation names, and errors at their line and column.
@Suite struct GraphQLParserTests {
    @Test func readsOperationsVariablesFragmentsAndTheOperationName() throws {
        let document = try GraphQLParser.document(
            """
            query Hero($id: ID!, $first: [Int!] = [1, 2]) @cached {
              hero(id: $id) { name ...Parts friends(first: $first) { ... on Hero { id } } }
              alias: hello(name: "a \\"quoted\\" \\u00e9")
            }
            fragment Parts on Hero { id }
            """)
        #expect(document.operationName == "Hero")
        #expect(document.operations[0].variables.map(\.name) == ["id", "first"])
        #expect(document.operations[0].variables[1].type.description == "[Int!]")
        #expect(document.fragments.map(\.name) == ["Parts"])
        guard case .field(let alias) = document.operations[0].selections[1] else {
            Issue.record("expected a field")
            return
        }
        #expect(alias.alias == "alias" && alias.name == "hello" && alias.arguments == ["name"])
        #expect(alias.line == 3 && alias.column == 10)
        #expect(try GraphQLParser.document("{ a } ").operationName == nil)
        #expect(try GraphQLParser.document("query A { a } query B { b }").operationName == nil)
    }

    @Test func reportsErrorsAtTheirLineAndColumn() {
        let cases: [(String, Int, Int, String)] = [
            ("{ hero { name }", 1, 16, "expected a field name, found the end of the query"),
            ("query {\n  hero(id: ) { name }\n}", 2, 12, "expected a value, found ')'"),
            ("query {\n  a\n  \"unterminated\n}", 3, 3, "unterminated string"),
            ("{ a(n: 01) }", 1, 8, "a number cannot start with 0"),
            ("{ a } %", 1, 7, "unexpected character"),
            ("mutations { a }", 1, 1, "expected 'query', 'mutation', 'subscription', 'fragment' or '{'"),
            ("", 1, 1, "expected a query, mutation or fragment"),
        ]
        for (text, line, column, message) in cases {
            do {
                _ = try GraphQLParser.document(text)
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.line == line && error.column == column, "\(text): \(error)")
                #expect(error.message.hasPrefix(message), "\(text): \(error)")
            }
        }
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep = String(repeating: "{ a ", count: 100) + String(repeating: "}", count: 100)
        #expect(throws: GraphQLSyntaxError.self) { try GraphQLParser.document(deep) }
        let deepList =
            "query($a: " + String(repeating: "[", count: 200) + "Int" + String(repeating: "]", count: 200)
            + ") { a }"
        #expect(throws: GraphQLSyntaxError.self) { try GraphQLParser.document(deepList) }
    }

    @Test func readsSDLWithDescriptionsExtensionsAndDirectives() throws {
        let schema = try GraphQLSchemaParser.schema(
            """
            \"\"\"The root.\"\"\"
            schema { query: Root mutation: Change }
            directive @auth(role: String) repeatable on FIELD_DEFINITION | OBJECT
            type Root implements Node & Named @key(fields: "id") {
              "One hero."
              hero(id: ID!, episode: Episode = NEWHOPE): Hero @auth(role: "x")
            }
            extend type Root { version: String }
            enum Episode { NEWHOPE EMPIRE }
            input HeroInput { name: String! tags: [String!] = [] }
            union Thing = | Hero | Root
            scalar Date
            type Change { addHero(input: HeroInput!): Hero! }
            interface Hero { name: String! }
            """)
        #expect(schema.queryType == "Root" && schema.mutationType == "Change")
        #expect(schema.type(named: "Root")?.fields.map(\.name) == ["hero", "version"])
        #expect(schema.field("hero", of: "Root")?.arguments.map(\.defaultValue) == [nil, "NEWHOPE"])
        #expect(schema.type(named: "Episode")?.enumValues == ["NEWHOPE", "EMPIRE"])
        #expect(schema.type(named: "HeroInput")?.inputFields.map(\.type.description) == ["String!", "[String!]"])
        #expect(schema.field("addHero", of: "Change")?.type.description == "Hero!")
        do {
            _ = try GraphQLSchemaParser.schema("type Query {\n  a: \n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3 && error.column == 1)
        }
    }
}
