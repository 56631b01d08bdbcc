import FerryHTTP
import FerryJSON
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// The schema cache in `.ferry/graphql`, and introspection through ``RequestSender`` against a real
/// GraphQL server (Ariadne) and against servers that refuse it.
@Suite struct GraphQLSchemaCacheTests {
    static let schemaJSON: JSONValue = [
        "queryType": ["name": "Query"], "mutationType": nil,
        "types": [
            [
                "kind": "OBJECT", "name": "Query",
                "fields": [["name": "ping", "args": [], "type": ["kind": "SCALAR", "name": "String", "ofType": nil]]],
                "inputFields": nil, "enumValues": nil,
            ]
        ],
    ]

    @Test func aWrittenSchemaReadsBackForItsEndpointAndBadFilesAreNamed() throws {
        let folder = try TemporaryFolder(prefix: "ferry-graphql-cache")
        let cache = GraphQLSchemaCache(stateFolder: folder.url)
        let fetched = Date(timeIntervalSince1970: 1_700_000_000)
        try cache.write(Self.schemaJSON, for: "http://127.0.0.1:1/graphql", fetched: fetched)
        try cache.write(Self.schemaJSON, for: "http://127.0.0.1:2/graphql", fetched: fetched)
        #expect(cache.url(for: "a") != cache.url(for: "b"))
        try folder.write("graphql/broken.json", "{ not json")
        try folder.write("graphql/hostile.json", #"{"endpoint": "x\u001b[2J", "schema": {"types": []}}"#)
        let (schemas, problems) = cache.readAll()
        #expect(Set(schemas.map(\.endpoint)) == ["http://127.0.0.1:1/graphql", "http://127.0.0.1:2/graphql"])
        #expect(schemas.first?.schema.field("ping", of: "Query") != nil)
        #expect(schemas.first?.fetched == fetched)
        #expect(problems.count == 2)
        #expect(problems.contains { $0.hasPrefix(".ferry/graphql/broken.json: not JSON") }, "\(problems)")
        #expect(problems.contains { $0.contains("hostile.json: the endpoint has control characters") }, "\(problems)")
    }

    @Test func theCacheIsBoundedInSizeAndInEntries() async throws {
        try await offThePool {
            let folder = try TemporaryFolder(prefix: "ferry-graphql-cache")
            let cache = GraphQLSchemaCache(stateFolder: folder.url)
            let huge = JSONValue.string(String(repeating: "x", count: GraphQLSchemaCache.maximumFileSize))
            #expect(throws: GraphQLSchemaError.self) {
                try cache.write(huge, for: "http://big/graphql", fetched: Date())
            }
            for index in 0...GraphQLSchemaCache.maximumEntries {
                try cache.write(Self.schemaJSON, for: "http://host/\(index)", fetched: Date())
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path).filter {
                $0.hasSuffix(".json")
            }
            #expect(files.count == GraphQLSchemaCache.maximumEntries)
        }
    }

    /// A plan for the only request of `text` in a fresh workspace, with `variables` as overrides.
    func plan(_ text: String, variables: [String: String]) throws -> (SendPlan, TemporaryFolder) {
        let folder = try TemporaryFolder(prefix: "ferry-graphql-introspect")
        try folder.write("api.http", text)
        let workspace = try Workspace.load(at: folder.url)
        let found = try #require(workspace.requests.first)
        let context = try workspace.context(
            for: found, environment: nil, overrides: variables, processEnvironment: [:])
        let plan = SendPlan(
            workspace: workspace, request: found, context: context, environment: nil,
            folder: workspace.url(of: found.path).deletingLastPathComponent())
        return (plan, folder)
    }

    @Test func introspectsARealServerWithTheRequestsHeadersAndKeepsNoHistory() async throws {
        guard let server = try await GraphQLServer.start() else { return }
        defer { server.stop() }
        let (plan, folder) = try plan(
            "### q\nGRAPHQL {{url}}\nX-Token: {{token}}\n\n{ hello }\n\n> {% client.global.set('ran', '1') %}\n",
            variables: ["url": server.url, "token": "t0"])
        let sender = RequestSender(client: HTTPClient(transport: CurlTransport()))
        let result = await sender.introspect(plan)
        let introspection = try result.get()
        #expect(introspection.endpoint == server.url)
        #expect(introspection.schema.field("hero", of: "Query")?.arguments.map(\.name) == ["id"])
        #expect(introspection.schema.mutationType == "Mutation")
        #expect(introspection.schemaJSON.objectValue?["types"]?.arrayValue?.isEmpty == false)
        #expect(!folder.exists(".ferry/history.jsonl"), "the introspection is not logged")
        #expect(sender.scripting.globals.snapshot()["ran"] == nil, "no response handler ran")
    }

    @Test func aRefusedOrFailedIntrospectionSaysWhy() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/off",
            responding: .json(#"{"errors":[{"message":"GraphQL introspection is not allowed"}],"data":null}"#))
        server.route("/down", responding: .json(#"{"errors":[{"message":"overloaded"}]}"#, status: 503))
        server.route("/html", responding: .text("<html>hi</html>"))
        let sender = RequestSender(client: HTTPClient(transport: CurlTransport()))
        func message(_ path: String) async throws -> String {
            let (plan, _) = try plan(
                "GRAPHQL {{url}}\nAuthorization: Bearer {{token}}\n\n{ a }\n",
                variables: ["url": server.baseURL + path, "token": "s3"])
            switch await sender.introspect(plan) {
            case .success: return "succeeded"
            case .failure(let error): return error.message
            }
        }
        #expect(
            try await message("/off")
                == "introspection is disabled on this server or refused: GraphQL introspection is not allowed")
        #expect(try await message("/down") == "the server answered the introspection query with 503: overloaded")
        #expect(try await message("/html") == "the answer to the introspection query is not JSON")
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST")
        #expect(sent.bodyText.contains("FerryIntrospection"))
        #expect(sent.header("Authorization") == "Bearer s3", "the request's auth goes with the introspection")
    }
}
