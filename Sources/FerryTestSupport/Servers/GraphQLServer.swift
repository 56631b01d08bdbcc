import Foundation

/// A real GraphQL server for tests: Ariadne (pinned in `scripts/requirements-graphql.txt`, installed into
/// `.build/venv` by `scripts/install-deps.sh`) served by Hypercorn on a free loopback port, at
/// `POST /graphql`, with the schema ``GraphQLServer/schema``: `hello(name:)`, `hero(id:)` (an unknown id is a
/// GraphQL error with a path), `failing` (an error with partial data) and the mutation `addBook(title:)`.
/// Introspection is on.
public final class GraphQLServer: Sendable {
    /// `http://127.0.0.1:PORT/graphql`.
    public let url: String
    private let server: LoopbackServerProcess
    private let folder: URL

    private init(server: LoopbackServerProcess, folder: URL) {
        self.server = server
        self.folder = folder
        url = "http://127.0.0.1:\(server.port)/graphql"
    }

    deinit { stop() }

    /// The SDL the server runs.
    public static let schema = """
        type Query {
          hello(name: String = "world"): String!
          hero(id: ID!): Hero
          failing: Hero
          books: [Book!]!
        }

        type Mutation {
          addBook(title: String!, year: Int): Book!
        }

        type Hero {
          id: ID!
          name: String!
          friends: [Hero!]!
        }

        type Book {
          title: String!
          year: Int
        }
        """

    /// Starts the server and returns once it accepts connections; `nil` when Hypercorn or Ariadne is not
    /// installed outside `make test` (under `make test` that throws, so the test fails instead of skipping).
    public static func start(timeout: Duration = .seconds(60)) async throws -> GraphQLServer? {
        let stamp = TestServers.packageRoot.appendingPathComponent(".build/venv/.requirements-graphql")
        guard let binary = HypercornServer.binary(), FileManager.default.fileExists(atPath: stamp.path) else {
            return try TestServers.skipOrFail(missing: "hypercorn and ariadne (.build/venv, scripts/install-deps.sh)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-graphql-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            try Data(appSource.utf8).write(to: folder.appendingPathComponent("ferry_graphql_peer.py"))
            let server = try await LoopbackServerProcess.start(
                binary, in: folder, environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeout: timeout
            ) { port in
                HypercornServer.loopbackArguments(port: port) + ["ferry_graphql_peer:app"]
            }
            return GraphQLServer(server: server, folder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Stops the server and removes its folder; safe to call more than once.
    public func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    static let appSource = """
        from ariadne import MutationType, QueryType, make_executable_schema
        from ariadne.asgi import GraphQL
        from graphql import GraphQLError

        SDL = '''\(schema)'''

        HEROES = {"1": {"id": "1", "name": "Ada", "friends": []}}
        BOOKS = []
        query = QueryType()
        mutation = MutationType()


        @query.field("hello")
        def resolve_hello(_, info, name="world"):
            return "Hello, " + name + "!"


        @query.field("hero")
        def resolve_hero(_, info, id):
            if id not in HEROES:
                raise GraphQLError("no hero with id " + id)
            return HEROES[id]


        @query.field("failing")
        def resolve_failing(_, info):
            raise GraphQLError("the failing field always fails")


        @query.field("books")
        def resolve_books(_, info):
            return BOOKS


        @mutation.field("addBook")
        def resolve_add_book(_, info, title, year=None):
            book = {"title": title, "year": year}
            BOOKS.append(book)
            return book


        app = GraphQL(make_executable_schema(SDL, query, mutation), debug=False)

        """
}
