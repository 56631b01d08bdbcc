import FerryJSON
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// GraphQL in the whole app on an in-memory terminal: the schema cached in `.ferry/graphql` (read at start,
/// fetched with Ctrl-L from a real Ariadne server), completion in the query editor, the query's errors marked
/// at their line and column, and the response's `errors` on the Errors tab.
@Suite("GraphQL in the workbench", .serialized)
struct GraphQLWorkbenchAppTests {
    static let requests = """
        ### hero
        GRAPHQL {{graphql}}

        query {
          hero(id: "9") { name }
        }

        """

    /// A workspace whose environment `local` points `graphql` at `url`.
    static func workspace(graphql url: String) throws -> TemporaryWorkspace {
        try TemporaryWorkspace(
            requests: requests, environments: [:],
            extraFiles: ["http-client.env.json": #"{"local": {"graphql": "\#(url)"}}"#])
    }

    /// `{kind, name, ofType}` for introspection JSON.
    static func type(_ kind: String, _ name: String?, of inner: JSONValue = nil) -> JSONValue {
        ["kind": .string(kind), "name": name.map { .string($0) } ?? nil, "ofType": inner]
    }

    /// The `__schema` of `type Query { hero(id: ID!): Hero }  type Hero { id: ID! name: String! friends: [Hero!]! }`.
    static let heroSchema: JSONValue = [
        "queryType": ["name": "Query"], "mutationType": nil,
        "types": [
            [
                "kind": "OBJECT", "name": "Query", "inputFields": nil, "enumValues": nil,
                "fields": [
                    [
                        "name": "hero", "type": type("OBJECT", "Hero"),
                        "args": [
                            [
                                "name": "id", "defaultValue": nil,
                                "type": type("NON_NULL", nil, of: type("SCALAR", "ID")),
                            ]
                        ],
                    ]
                ],
            ],
            [
                "kind": "OBJECT", "name": "Hero", "inputFields": nil, "enumValues": nil,
                "fields": [
                    ["name": "id", "args": [], "type": type("NON_NULL", nil, of: type("SCALAR", "ID"))],
                    ["name": "name", "args": [], "type": type("NON_NULL", nil, of: type("SCALAR", "String"))],
                    [
                        "name": "friends", "args": [],
                        "type": type(
                            "NON_NULL", nil,
                            of: type("LIST", nil, of: type("NON_NULL", nil, of: type("OBJECT", "Hero")))),
                    ],
                ],
            ],
            ["kind": "SCALAR", "name": "ID", "fields": nil, "inputFields": nil, "enumValues": nil],
            ["kind": "SCALAR", "name": "String", "fields": nil, "inputFields": nil, "enumValues": nil],
        ],
    ]

    /// Opens the request's query in the body editor (URL field, Body tab, Down: the cursor starts at the end)
    /// and puts the cursor before the `}` that closes `hero`'s selection.
    static func openQuery(_ app: AppHarness) async throws {
        try await app.press(.key(.tab), .control("t"), .control("t"), .key(.down))
        try await app.press(.key(.up), .key(.end), .key(.left))
    }

    @Test func theCachedSchemaCompletesFieldsAndUnknownFieldsAreMarkedWhereTheyAre() async throws {
        let endpoint = "http://127.0.0.1:9/graphql"
        let folder = try Self.workspace(graphql: endpoint)
        try GraphQLSchemaCache(stateFolder: folder.url.appendingPathComponent(".ferry")).write(
            Self.heroSchema, for: endpoint, fetched: Date())
        let app = try AppHarness(workspace: folder.url, width: 130, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await app.waitFor("the cached schema") { app.state.graphQL.schemas[endpoint] != nil }
        try await Self.openQuery(app)
        #expect(app.shows("✓ schema · Tab completes"), "\(app.screen)")
        try await app.type("fr")
        #expect(app.shows(" friends : [Hero!]!"), "the completion list under the cursor\n\(app.screen)")
        try await app.press(.key(.tab))
        try await app.type(" { id } nme")
        #expect(app.state.bodyEditor?.text.contains(#"hero(id: "9") { name friends { id } nme}"#) == true)
        #expect(!app.shows(" friends : [Hero!]!"), "the list closes once the name is complete\n\(app.screen)")
        // The unknown field: in words above the query, underlined where it is.
        let message = "✗ line 2, column 39: no field 'nme' on Hero"
        #expect(app.shows(message), "\(app.screen)")
        let row = try #require(
            app.screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains(#"hero(id: "9")"#) && $0.contains("nme")
            })
        let line = app.screen.split(separator: "\n", omittingEmptySubsequences: false)[row]
        let column = line.distance(from: line.startIndex, to: try #require(line.range(of: "nme")).lowerBound)
        #expect(app.backend.grid[column, row].style.modifiers.contains(.underline))
        #expect(app.backend.grid[column + 2, row].style.modifiers.contains(.underline))
        #expect(!app.backend.grid[column + 3, row].style.modifiers.contains(.underline))
        // A syntax error comes first, at the parser's line and column.
        try await app.press(.key(.backspace), .key(.backspace), .key(.backspace))
        try await app.type("(")
        #expect(app.shows("✗ line 2, column 39: expected a field name"), "\(app.screen)")
    }

    @Test func ctrlLIntrospectsTheServerAndTheErrorsTabListsTheResponsesErrors() async throws {
        guard let server = try await GraphQLServer.start() else { return }
        defer { server.stop() }
        let folder = try Self.workspace(graphql: server.url)
        let app = try AppHarness(workspace: folder.url, width: 110, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.tab))
        #expect(app.state.graphQL.schemas.isEmpty)
        try await app.press(.control("l"))
        try await app.waitFor("the schema") { app.shows("Schema of \(server.url):") }
        #expect(app.shows(" types, cached in .ferry/graphql."), "\(app.screen)")
        let cached = GraphQLSchemaCache(stateFolder: folder.url.appendingPathComponent(".ferry")).readAll()
        #expect(cached.schemas.map(\.endpoint) == [server.url])
        #expect(cached.schemas.first?.schema.field("addBook", of: "Mutation") != nil)
        try await app.press(.control("t"), .control("t"), .key(.down), .key(.up), .key(.end), .key(.left))
        try await app.type("fr")
        #expect(app.shows(" friends : [Hero!]!"), "\(app.screen)")
        try await app.press(.key(.tab))
        try await app.type(" { id }")
        #expect(!app.shows("__typename : String!"), "no list between names\n\(app.screen)")
        try await app.press(.control("r"))
        try await app.waitFor("the response") { app.shows("1 GraphQL error (Errors tab)") }
        // The data stays a JSON tree on the Body tab; the errors have their own tab.
        try await app.press(.key(.escape), .key(.tab))
        #expect(app.state.panes.focus == .response)
        #expect(app.shows("hero: null"), "\(app.screen)")
        try await app.press(.character("["))
        #expect(app.state.response.tab == .errors)
        #expect(app.shows("1 GraphQL error, with partial data (Body tab)"), "\(app.screen)")
        #expect(app.shows("1. no hero with id 9"), "\(app.screen)")
        #expect(app.shows("at line 2, column 3"), "\(app.screen)")
        #expect(app.shows("path hero"), "\(app.screen)")
    }

    @Test func aRefusedIntrospectionSaysSoAndTheRestStillWorks() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/graphql",
            responding: .json(#"{"errors":[{"message":"introspection is off here\u001b[2J"}],"data":null}"#))
        let folder = try Self.workspace(graphql: server.baseURL + "/graphql")
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.tab), .control("l"))
        try await app.waitFor("the failure") { app.shows("No schema for") }
        // The status bar cuts the message to its row; F10 lists it whole, the server's escape sequence as plain
        // text.
        #expect(app.shows("introspection is disabled on this server or refused:"), "\(app.screen)")
        #expect(!app.screen.contains("\u{1b}"))
        try await app.press(.function(10))
        #expect(app.shows("introspection is off here [2J."), "\(app.screen)")
        #expect(!app.screen.contains("\u{1b}"))
        try await app.press(.key(.escape))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".ferry/graphql").path))
        try await app.press(.control("t"), .control("t"), .key(.down))
        #expect(app.shows("✗ schema: introspection is disabled"), "\(app.screen)")
    }
}
