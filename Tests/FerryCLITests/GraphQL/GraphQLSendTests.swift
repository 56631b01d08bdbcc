import FerryTestSupport
import Foundation
import Testing

/// `GRAPHQL` requests sent by the real `ferry send` to a real GraphQL server (Ariadne on Hypercorn), and
/// `ferry import` of a schema; hostile `errors` from the loopback server.
@Suite struct GraphQLSendTests {
    static let requests = """
        ### hello
        GRAPHQL {{graphql}}

        query Hello($name: String) {
          hello(name: $name)
        }

        {
          "name": "{{who}}"
        }

        ### hero
        GRAPHQL {{graphql}}

        query Hero {
          hero(id: "9") { name }
        }

        ### add
        GRAPHQL {{graphql}}

        mutation AddBook($title: String!) {
          addBook(title: $title, year: 1851) { title year }
        }

        {"title": "Moby-Dick"}

        ### broken
        GRAPHQL {{graphql}}

        query { hero(id: "1") { name }

        ### typo
        GRAPHQL {{graphql}}

        { nosuchfield }
        """

    func workspace(graphql: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "ferry-graphql")
        try folder.write("api.http", Self.requests)
        try folder.write("http-client.env.json", #"{ "test": { "graphql": "\#(graphql)" } }"#)
        return folder
    }

    @Test func sendsQueriesWithVariablesAndMutationsAndListsErrorsApart() async throws {
        guard let server = try await GraphQLServer.start() else { return }
        defer { server.stop() }
        let folder = try workspace(graphql: server.url)
        let hello = try await FerryProcess.run(
            ["send", "api.http#hello", "--env", "test", "--var", "who=Ferry"], currentDirectory: folder.url)
        #expect(hello.status == 0, "\(hello.standardError)")
        #expect(hello.text.contains(#""hello":"Hello, Ferry!""#), "\(hello.text)")

        let add = try await FerryProcess.run(["send", "api.http#add", "--env", "test"], currentDirectory: folder.url)
        #expect(add.status == 0, "\(add.standardError)")
        #expect(add.text.contains(#"{"title":"Moby-Dick","year":1851}"#), "\(add.text)")

        let hero = try await FerryProcess.run(["send", "api.http#hero", "--env", "test"], currentDirectory: folder.url)
        #expect(hero.status == 6)
        let heading = "the GraphQL response has 1 error (with partial data):"
        #expect(hero.standardError.contains(heading), "\(hero.standardError)")
        #expect(hero.standardError.contains("no hero with id 9 (line 2, column 3; at hero)"), "\(hero.standardError)")

        // A syntax error the server reports with its location (ferry warns about it too, at file:line:col).
        let broken = try await FerryProcess.run(
            ["send", "api.http#broken", "--env", "test"], currentDirectory: folder.url)
        #expect(broken.standardError.contains("line 1, column 31"), "\(broken.standardError)")
        #expect(broken.status == 4 || broken.status == 6, "\(broken.status) \(broken.standardError)")

        let typo = try await FerryProcess.run(["send", "api.http#typo", "--env", "test"], currentDirectory: folder.url)
        #expect(typo.standardError.contains("nosuchfield"), "\(typo.standardError)")
        #expect(typo.status != 0)
    }

    @Test func importsTheServersSchemaFromIntrospectionAndSendsAnImportedRequest() async throws {
        guard let server = try await GraphQLServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-graphql-import")
        // The introspection result, fetched with ferry itself.
        try folder.write(
            "introspect.http",
            "GRAPHQL \(server.url)\n\nquery { __schema { queryType { name } mutationType { name } types { kind name "
                + "fields { name args { name defaultValue type { kind name ofType { kind name ofType { kind name } } } } "
                + "type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } "
                + "inputFields { name } enumValues { name } } } }\n")
        let schema = try await FerryProcess.run(["send", "introspect.http#1"], currentDirectory: folder.url)
        #expect(schema.status == 0, "\(schema.standardError)")
        try schema.standardOutput.write(to: folder.url.appendingPathComponent("schema.json"))
        let imported = try await FerryProcess.run(
            ["import", "schema.json", "--into", "api"], currentDirectory: folder.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("api/schema.http"), encoding: .utf8)
        #expect(text.contains("### addBook\nGRAPHQL {{graphqlUrl}}\n\nmutation AddBook($title: String!, $year: Int) {"))
        let added = try await FerryProcess.run(
            ["send", "api/schema.http#addBook", "--var", "graphqlUrl=\(server.url)"], currentDirectory: folder.url)
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.text.contains(#""addBook":{"title":"","year":0}"#), "\(added.text)")
    }

    @Test func errorsOfTheWrongShapeAreReportedNotTrusted() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/graphql", responding: .json(#"{"data":null,"errors":{"message":"\u001b[2Jboom"}}"#))
        let folder = try workspace(graphql: server.baseURL + "/graphql")
        let output = try await FerryProcess.run(
            ["send", "api.http#hero", "--env", "test"], currentDirectory: folder.url)
        #expect(output.status == 6)
        #expect(
            output.standardError.contains("the response's errors are not an array (object)"), "\(output.standardError)")
        let sent = try #require(server.requests.last)
        #expect(sent.method == "POST")
        #expect(String(decoding: sent.body, as: UTF8.self).contains(#""operationName":"Hero""#))
    }
}
