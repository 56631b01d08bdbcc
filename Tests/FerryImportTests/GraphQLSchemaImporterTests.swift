import FerryImport
import FerryJSON
import FerryWorkbench
import Testing

/// The GraphQL schema importer: a request per query and mutation field, a located error for a bad schema.
@Suite struct GraphQLSchemaImporterTests {
    @Test func importsOneRequestPerQueryAndMutationField() throws {
        let sdl = """
            type Query { hero(id: ID!, episode: Episode): Hero  version: String }
            type Mutation { addHero(input: HeroInput!): Hero! }
            type Hero { id: ID! name: String friends(first: Int!): [Hero] best: Hero ship: Ship }
            type Ship { model: String pilot: Hero }
            enum Episode { NEWHOPE EMPIRE }
            input HeroInput { name: String! age: Int }
            """
        #expect(GraphQLSchemaImporter.recognizes(Array(sdl.utf8), fileName: "star.graphql"))
        let collection = try GraphQLSchemaImporter.read(Array(sdl.utf8), fileName: "star.graphql")
        #expect(collection.files.map(\.path) == ["star.http"])
        let requests = collection.files[0].requests
        #expect(requests.map(\.title) == ["hero", "version", "addHero"])
        #expect(requests.allSatisfy { $0.isGraphQL && $0.url == "{{graphqlUrl}}" })
        // Written out and read back, each request is a GRAPHQL request with no diagnostics.
        let text = requests.map { $0.rendered(separator: true) }.joined()
        let file = HTTPFileParser.parse(text: text, path: "star.http")
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)\n\(text)")
        let hero = try #require(file.requests.first?.graphQLParts)
        #expect(hero.query.hasPrefix("query Hero($id: ID!, $episode: Episode) {\n  hero(id: $id, episode: $episode) {"))
        #expect(hero.query.contains("    id\n    name\n    ship {\n      model\n    }\n  }\n}"))
        #expect(!hero.query.contains("best") && !hero.query.contains("pilot"))
        #expect(!hero.query.contains("friends"))
        let variables = try JSONValue(parsing: try #require(hero.variables))
        #expect(variables == ["id": "", "episode": "NEWHOPE"])
        let add = try #require(file.requests.last?.graphQLParts?.variables)
        #expect(try JSONValue(parsing: add) == ["input": ["name": "", "age": 0]])
        #expect(collection.environments.first?.variables.first?.name == "graphqlUrl")
    }

    @Test func anUnreadableSchemaIsALocatedError() {
        do {
            _ = try GraphQLSchemaImporter.read(Array("type Query {\n  a(: Int\n}".utf8), fileName: "bad.graphql")
            Issue.record("expected an error")
        } catch {
            #expect(error.location.file == "bad.graphql" && error.location.line == 2 && error.location.column == 5)
        }
    }
}
