import FerryJSON
import Foundation
import Testing

@testable import FerryWorkbench

/// Introspection results (and hostile ones) and the `errors` of responses.
@Suite struct GraphQLSchemaAndErrorsTests {
    static func typeRef(_ kind: String, _ name: String? = nil, of inner: JSONValue? = nil) -> JSONValue {
        var object: JSONObject = ["kind": .string(kind), "name": name.map { .string($0) } ?? .null]
        if let inner { object.members.append(JSONMember(key: "ofType", value: inner)) }
        return .object(object)
    }

    static func introspection(types: [JSONValue]) -> JSONValue {
        ["data": ["__schema": ["queryType": ["name": "Query"], "mutationType": nil, "types": .array(types)]]]
    }

    @Test func readsAnIntrospectionResult() throws {
        let query: JSONValue = [
            "kind": "OBJECT", "name": "Query",
            "fields": [
                [
                    "name": "hero",
                    "args": [
                        [
                            "name": "id", "defaultValue": nil,
                            "type": Self.typeRef("NON_NULL", of: Self.typeRef("SCALAR", "ID")),
                        ]
                    ],
                    "type": Self.typeRef("LIST", of: Self.typeRef("OBJECT", "Hero")),
                ]
            ],
            "inputFields": nil, "enumValues": nil,
        ]
        let schema = try GraphQLSchema(introspection: Self.introspection(types: [query]))
        #expect(schema.queryType == "Query")
        #expect(schema.field("hero", of: "Query")?.type.description == "[Hero]")
        #expect(schema.field("hero", of: "Query")?.arguments.first?.type.description == "ID!")
    }

    @Test func refusesHostileIntrospectionResults() {
        var deep = Self.typeRef("SCALAR", "Int")
        for _ in 0..<40 { deep = Self.typeRef("LIST", of: deep) }
        let deepType: JSONValue = [
            "kind": "OBJECT", "name": "Query", "fields": [["name": "a", "args": [], "type": deep]],
        ]
        #expect(throws: GraphQLSchemaError.self) {
            try GraphQLSchema(introspection: Self.introspection(types: [deepType]))
        }
        let many = JSONValue.array(
            Array(repeating: ["kind": "SCALAR", "name": "S"], count: GraphQLSchema.maximumTypes + 1))
        do {
            _ = try GraphQLSchema(introspection: ["__schema": ["queryType": ["name": "Query"], "types": many]])
            Issue.record("expected too many types to be refused")
        } catch {
            #expect(error.message.contains("more than the \(GraphQLSchema.maximumTypes)"))
        }
        #expect(throws: GraphQLSchemaError.self) { try GraphQLSchema(introspection: ["data": ["x": 1]]) }
        #expect(throws: GraphQLSchemaError.self) {
            try GraphQLSchema(introspection: Self.introspection(types: [["kind": "WHAT", "name": "Q"]]))
        }
    }

    @Test func readsErrorsApartFromDataAndSurvivesTheWrongShape() throws {
        let body =
            #"{"data":{"a":1},"errors":[{"message":"no\nhero","locations":[{"line":2,"column":3}],"path":["hero",0,"name"]},{"nope":1},"text"]}"#
        let errors = try #require(GraphQLResponseErrors(body: Data(body.utf8)))
        #expect(errors.hasData)
        #expect(errors.errors.count == 3)
        #expect(errors.errors[0].description == "no hero (line 2, column 3; at hero.0.name)")
        #expect(errors.errors[1].message.hasPrefix("an error without a message"))
        #expect(errors.errors[2].message.hasPrefix("an error without a message"))
        let notArray = try #require(GraphQLResponseErrors(body: Data(#"{"errors":"boom"}"#.utf8)))
        #expect(notArray.errors.first?.message.contains("not an array") == true)
        #expect(GraphQLResponseErrors(body: Data(#"{"data":{"a":1}}"#.utf8)) == nil)
        #expect(GraphQLResponseErrors(body: Data("not json".utf8)) == nil)
        let flood = "{\"errors\":[" + Array(repeating: #"{"message":"x"}"#, count: 500).joined(separator: ",") + "]}"
        let bounded = try #require(GraphQLResponseErrors(body: Data(flood.utf8)))
        #expect(bounded.errors.count == GraphQLResponseErrors.maximumErrors && bounded.omitted == 400)
    }
}
