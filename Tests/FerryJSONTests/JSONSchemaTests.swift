import FerryJSON
import Testing

/// ``JSONSchema`` keyword by keyword: each case is a schema, an instance, and the violations expected (their
/// normalized instance paths and keywords), so a keyword that passes everything or fails everything is caught.
/// The JSON Schema Test Suite is not in the shared corpus; `JSONSchemaPropertyTests` adds generated cases.
@Suite struct JSONSchemaTests {
    /// The `(path, keyword)` pairs of `instance`'s violations of `schema`.
    static func found(_ schema: String, _ instance: String, formats: Bool = false) throws -> [String] {
        let validator = JSONSchema(try JSONValue(parsing: schema), assertsFormat: formats)
        let value = try JSONValue(parsing: instance)
        let violations = validator.violations(of: value)
        #expect(validator.accepts(value) == violations.isEmpty)
        return violations.map { "\($0.instancePath.normalized) \($0.keyword)" }
    }

    /// `(schema, instance, expected "path keyword" pairs)`.
    static let cases: [(String, String, [String])] = [
        (#"{"type": "integer"}"#, "1", []),
        (#"{"type": "integer"}"#, "1.0", []),
        (#"{"type": "integer"}"#, "1.5", ["$ type"]),
        (#"{"type": "integer"}"#, #""1""#, ["$ type"]),
        (#"{"type": ["string", "null"]}"#, "null", []),
        (#"{"type": ["string", "null"]}"#, "false", ["$ type"]),
        (#"{"type": "number"}"#, "12345678901234567890", []),
        (#"{"enum": [1, "a", {"b": [true]}]}"#, #"{"b": [true]}"#, []),
        (#"{"enum": [1, "a"]}"#, "1.0", []),
        (#"{"enum": [1, "a"]}"#, #""b""#, ["$ enum"]),
        (#"{"const": {"a": 1, "b": 2}}"#, #"{"b": 2, "a": 1}"#, []),
        (#"{"const": false}"#, "0", ["$ const"]),
        (#"{"multipleOf": 0.01}"#, "19.99", []),
        (#"{"multipleOf": 0.01}"#, "19.991", ["$ multipleOf"]),
        (#"{"multipleOf": 3}"#, "9", []),
        (#"{"maximum": 3}"#, "3", []),
        (#"{"maximum": 3}"#, "3.0001", ["$ maximum"]),
        (#"{"exclusiveMaximum": 3}"#, "3", ["$ exclusiveMaximum"]),
        (#"{"minimum": -2}"#, "-3", ["$ minimum"]),
        (#"{"exclusiveMinimum": -2}"#, "-1.5", []),
        (#"{"minimum": 1, "exclusiveMinimum": true}"#, "1", ["$ minimum"]),
        (#"{"maxLength": 2}"#, #""日本""#, []),
        (#"{"maxLength": 2}"#, #""日本語""#, ["$ maxLength"]),
        (#"{"minLength": 2}"#, #""a""#, ["$ minLength"]),
        (#"{"pattern": "^[a-z]+-\\d+$"}"#, #""abc-12""#, []),
        (#"{"pattern": "\\d"}"#, #""no digits""#, ["$ pattern"]),
        (#"{"pattern": "\\d"}"#, "5", []),
        (#"{"items": {"type": "string"}}"#, #"["a", 1, "c", 2]"#, ["$[1] type", "$[3] type"]),
        (#"{"prefixItems": [{"type": "integer"}], "items": false}"#, "[1]", []),
        (#"{"prefixItems": [{"type": "integer"}], "items": false}"#, #"[1, "x"]"#, ["$[1] false"]),
        (
            #"{"items": [{"type": "integer"}], "additionalItems": {"type": "string"}}"#, #"["a", 2]"#,
            ["$[0] type", "$[1] type"]
        ),
        (#"{"maxItems": 1, "minItems": 1}"#, "[]", ["$ minItems"]),
        (#"{"uniqueItems": true}"#, #"[1, {"a": 1}, {"a": 1.0}]"#, ["$ uniqueItems"]),
        (#"{"uniqueItems": true}"#, "[1, true]", []),
        (#"{"contains": {"type": "string"}}"#, "[1, 2]", ["$ contains"]),
        (#"{"contains": {"type": "string"}, "minContains": 2, "maxContains": 2}"#, #"["a", 1, "b"]"#, []),
        (#"{"contains": {"type": "string"}, "maxContains": 1}"#, #"["a", "b"]"#, ["$ maxContains"]),
        (#"{"contains": {"type": "string"}, "minContains": 0}"#, "[1]", []),
        (#"{"required": ["id", "name"]}"#, #"{"id": 1}"#, ["$ required"]),
        (#"{"required": ["id"]}"#, "[]", []),
        (#"{"properties": {"id": {"type": "integer"}}}"#, #"{"id": "7"}"#, ["$['id'] type"]),
        (
            #"{"properties": {"a": true}, "additionalProperties": false}"#, #"{"a": 1, "b's": 2}"#,
            [#"$['b\'s'] additionalProperties"#]
        ),
        (
            #"{"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"type": "integer"}}"#,
            #"{"x-a": "s", "x-b": 1, "c": 2, "d": "e"}"#, ["$['x-b'] type", "$['d'] type"]
        ),
        (#"{"propertyNames": {"maxLength": 3}}"#, #"{"abcd": 1}"#, ["$['abcd'] propertyNames"]),
        (#"{"dependentRequired": {"card": ["billing"]}}"#, #"{"card": 1}"#, ["$ dependentRequired"]),
        (#"{"dependentRequired": {"card": ["billing"]}}"#, #"{"other": 1}"#, []),
        (#"{"dependentSchemas": {"card": {"required": ["cvv"]}}}"#, #"{"card": 1}"#, ["$ required"]),
        (#"{"maxProperties": 1}"#, #"{"a": 1, "b": 2}"#, ["$ maxProperties"]),
        (#"{"minProperties": 1}"#, "{}", ["$ minProperties"]),
        (#"{"allOf": [{"type": "integer"}, {"minimum": 5}]}"#, "3", ["$ minimum"]),
        (#"{"anyOf": [{"type": "integer"}, {"type": "string"}]}"#, "null", ["$ anyOf"]),
        (#"{"anyOf": [{"type": "integer"}, {"type": "string"}]}"#, #""s""#, []),
        (#"{"oneOf": [{"type": "integer"}, {"minimum": 2}]}"#, "3", ["$ oneOf"]),
        (#"{"oneOf": [{"type": "integer"}, {"minimum": 2}]}"#, "1", []),
        (#"{"oneOf": [{"type": "integer"}, {"minimum": 2}]}"#, "1.5", ["$ oneOf"]),
        (#"{"not": {"type": "null"}}"#, "null", ["$ not"]),
        (#"{"if": {"minimum": 10}, "then": {"multipleOf": 5}, "else": {"multipleOf": 2}}"#, "12", ["$ multipleOf"]),
        (#"{"if": {"minimum": 10}, "then": {"multipleOf": 5}, "else": {"multipleOf": 2}}"#, "3", ["$ multipleOf"]),
        (#"{"if": {"minimum": 10}, "then": {"multipleOf": 5}, "else": {"multipleOf": 2}}"#, "15", []),
        (##"{"$defs": {"id": {"type": "integer"}}, "items": {"$ref": "#/$defs/id"}}"##, #"[1, "2"]"#, ["$[1] type"]),
        (##"{"$ref": "#/$defs/missing"}"##, "1", ["$ $ref"]),
        (
            ##"{"type": "object", "properties": {"next": {"$ref": "#"}}, "required": ["v"]}"##,
            #"{"v": 1, "next": {"v": 2, "next": {}}}"#, ["$['next']['next'] required"]
        ),
        (##"{"$ref": "#"}"##, "1", ["$ $ref"]),
        (#"{"type": "string", "nullable": true}"#, "null", []),
        (#"{"type": "string"}"#, "null", ["$ type"]),
        ("true", "[1]", []),
        ("false", "{}", ["$ false"]),
        (#"{"format": "date-time"}"#, #""not a date""#, []),
    ]

    @Test(arguments: cases)
    func keyword(schema: String, instance: String, expected: [String]) throws {
        #expect(try Self.found(schema, instance) == expected, "\(schema) on \(instance)")
    }

    @Test(arguments: [
        ("date-time", "2026-12-07T13:49:39Z", true), ("date-time", "2026-12-07T13:49:39.5+01:00", true),
        ("date-time", "2026-12-07T13:49:39", false), ("date-time", "2026-13-07T13:49:39Z", false),
        ("date", "2026-02-28", true), ("date", "2026-2-28", false), ("time", "23:59:60Z", true),
        ("email", "ferry@example.com", true), ("email", "ferry@localhost", false), ("email", "a b@c.d", false),
        ("uuid", "123e4567-e89b-12d3-a456-426614174000", true), ("uuid", "123e4567e89b12d3a456426614174000", false),
        ("ipv4", "127.0.0.1", true), ("ipv4", "256.0.0.1", false), ("ipv4", "01.2.3.4", false),
        ("uri", "https://example.com/a?b", true), ("uri", "/relative", false), ("int64", "anything", true),
    ])
    func formatAssertion(format: String, text: String, valid: Bool) throws {
        let schema = #"{"format": "\#(format)"}"#
        #expect(try Self.found(schema, JSONValue.string(text).formatted(.compact), formats: true).isEmpty == valid)
    }

    @Test func refsResolveInTheEnclosingDocumentAndLocationsFollowThem() throws {
        let document = try JSONValue(
            parsing: #"""
                {"components": {"schemas": {
                  "Pet": {"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "integer"}, "tags": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}}}},
                  "Tag": {"type": "string", "maxLength": 3}}}}
                """#)
        let schema = try #require(document["components"]["schemas"]["Pet"].value)
        let validator = JSONSchema(schema, in: document, at: "#/components/schemas/Pet")
        let violations = validator.violations(of: try JSONValue(parsing: #"{"id": "x", "tags": ["ok", "long"]}"#))
        #expect(
            violations.map(\.description) == [
                "$['id']: is a string, not an integer (#/components/schemas/Pet/properties/id/type)",
                #"$['tags'][1]: is 4 characters long, more than 3 (#/components/schemas/Tag/maxLength)"#,
            ])
    }

    @Test func messagesSayWhatIsWrongInPlainWords() throws {
        let schema = JSONSchema(
            try JSONValue(
                parsing:
                    #"{"required": ["id", "name"], "properties": {"state": {"enum": ["on", "off"]}}, "additionalProperties": false}"#
            ))
        let messages = schema.violations(of: try JSONValue(parsing: #"{"state": "dim", "x": 1}"#)).map(\.description)
        #expect(
            messages == [
                "$: lacks the required properties 'id', 'name' (#/required)",
                #"$['state']: "dim" is not one of "on", "off" (#/properties/state/enum)"#,
                "$['x']: is a property the schema does not allow (#/additionalProperties)",
            ])
    }

    @Test func pointersAndReferencesNameValuesInTheDocument() throws {
        let document = try JSONValue(parsing: #"{"a/b": [1, {"~c": "x"}], "p%": true}"#)
        #expect(document.value(atPointer: "/a~1b/1/~0c") == "x")
        #expect(document.value(atPointer: "") == document)
        #expect(document.value(atPointer: "/a~1b/2") == nil)
        #expect(document.value(atPointer: "/a~1b/x") == nil)
        #expect(document.value(atReference: "#/p%25")?.value == true)
        #expect(document.value(atReference: "#/a~1b/0")?.location == "#/a~1b/0")
        #expect(document.value(atReference: "#anchor") == nil)
        #expect(document.value(atReference: "other.json#/a") == nil)
    }
}
