import Testing

@testable import FerryWorkbench

/// Completion from a schema at a cursor in a query, and the unknown fields of a query, with their places.
@Suite struct GraphQLCompletionTests {
    static let sdl = """
        type Query {
          hello(name: String = "world"): String!
          hero(id: ID!, episode: Episode): Hero
          heroes: [Hero!]!
          search(text: String!): [SearchResult!]!
        }
        type Mutation { addBook(title: String!, year: Int): Book! }
        type Hero { id: ID! name: String! friends: [Hero!]! }
        type Book { title: String! year: Int }
        union SearchResult = Hero | Book
        enum Episode { NEWHOPE EMPIRE JEDI }
        input BookInput { title: String! }
        scalar Date
        """

    func schema() throws -> GraphQLSchema { try GraphQLSchemaParser.schema(Self.sdl) }

    func names(_ before: String) throws -> [String] {
        GraphQLCompletion(before: before, schema: try schema())?.candidates.map(\.name) ?? []
    }

    @Test func completesTheFieldsOfTheTypeAtTheCursor() throws {
        #expect(try names("{ he") == ["hello", "hero", "heroes"])
        #expect(try names("query Q { hero(id: 1) { na") == ["name"])
        #expect(try names("query Q {\n  hero(id: 1) {\n    friends { ") == ["id", "name", "friends", "__typename"])
        #expect(try names("mutation { add") == ["addBook"])
        // After an alias, and after a finished sibling field.
        #expect(try names("{ h: her") == ["hero", "heroes"])
        #expect(try names("{ hero(id: 1) { id } heroes { i") == ["id"])
        let completion = try #require(GraphQLCompletion(before: "{ hero(id: 1) { na", schema: try schema()))
        #expect(completion.partial == "na")
        #expect(completion.candidates.first?.detail == ": String!")
        let hero = try #require(GraphQLCompletion(before: "{ her", schema: try schema())?.candidates.first)
        #expect(hero.detail == "(id: ID!, episode: Episode): Hero")
    }

    @Test func completesArgumentsAndEnumValuesInAFieldsParentheses() throws {
        #expect(try names("{ hero(") == ["id", "episode"])
        #expect(try names("{ hero(id: 1, ep") == ["episode"])
        #expect(try names("{ hero(id: 1, episode: ") == ["NEWHOPE", "EMPIRE", "JEDI"])
        #expect(try names("{ hero(id: 1, episode: E") == ["EMPIRE"])
        let argument = try #require(GraphQLCompletion(before: "{ hero(i", schema: try schema())?.candidates.first)
        #expect(argument.kind == .argument)
        #expect(argument.detail == "ID!")
    }

    @Test func completesTypeNamesAfterOnAndInVariableDefinitions() throws {
        #expect(try names("{ search(text: \"a\") { ... on ") == ["Query", "Mutation", "Hero", "Book", "SearchResult"])
        #expect(try names("{ search(text: \"a\") { ... on B") == ["Book"])
        #expect(try names("{ search(text: \"a\") { ... on Book { ti") == ["title"])
        #expect(try names("fragment F on H") == ["Hero"])
        #expect(try names("fragment F on Hero { fr") == ["friends"])
        #expect(try names("query Q($id: ") == ["Episode", "BookInput", "Date"])
        #expect(try names("query Q($ids: [B") == ["BookInput"])
    }

    @Test func nothingCompletesInStringsCommentsValuesOrUnknownTypes() throws {
        #expect(try names("{ hero(id: \"he") == [])
        #expect(try names("{ # he") == [])
        #expect(try names("{ hero(id: $i") == [])
        #expect(try names("{ nosuch { na") == [])
        #expect(try names("{ hero(id: 1) { name") == [], "a name typed in full is not offered again")
        // A union selects only __typename outside a fragment.
        #expect(try names("{ search(text: \"a\") { __t") == ["__typename"])
    }

    @Test func unknownFieldsAreReportedAtTheirLineAndColumn() throws {
        let query = """
            query {
              hero(id: 1) { nme friends { id agee } }
              search(text: "x") { ... on Book { title pages } }
              __typename
            }
            fragment F on Hero { colour }
            """
        let problems = try schema().unknownFields(in: try GraphQLParser.document(query))
        #expect(
            problems.map(\.description) == [
                "line 2, column 17: no field 'nme' on Hero",
                "line 2, column 34: no field 'agee' on Hero",
                "line 3, column 43: no field 'pages' on Book",
                "line 6, column 22: no field 'colour' on Hero",
            ])
    }

    @Test func queryProblemsGiveTheSyntaxErrorFirstAndReadTemplatesAsNames() throws {
        let schema = try schema()
        let broken = GraphQLRequestParts(body: "query {\n  hero(id: {{id}}) { name\n")
        // The query ends with line 2 (trailing blank lines are not part of it): the end is where it is missing.
        #expect(broken.queryProblems(schema: schema).map(\.line) == [2])
        let templated = GraphQLRequestParts(body: "query {\n  hero(id: {{id}}) { nam }\n}\n\n{\"id\": 1}")
        #expect(
            templated.queryProblems(schema: schema).map(\.description) == ["line 2, column 22: no field 'nam' on Hero"])
        #expect(templated.queryProblems(schema: nil).isEmpty)
        #expect(GraphQLRequestParts(body: "\n").queryProblems(schema: schema).isEmpty)
    }
}
