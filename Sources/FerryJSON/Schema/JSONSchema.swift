/// A JSON Schema (the 2020-12 validation vocabulary and its applicators) that checks instances and lists every
/// violation with the instance's normalized path.
///
/// The schema may sit inside a larger document (an OpenAPI file): `$ref`s to `#/…` pointers resolve against
/// that document, so `#/components/schemas/Pet` and `#/$defs/Pet` both work. OpenAPI 3.0's `nullable: true`
/// and boolean `exclusiveMinimum`/`exclusiveMaximum` are understood; boolean schemas are.
///
/// ```swift
/// let schema = JSONSchema(["type": "object", "required": ["id"], "properties": ["id": ["type": "integer"]]])
/// for violation in schema.violations(of: try JSONValue(parsing: #"{"id": "7"}"#)) {
///     print(violation)  // $['id']: is a string, not an integer (#/properties/id/type)
/// }
/// ```
///
/// Not checked: `unevaluatedProperties`/`unevaluatedItems`, `$dynamicRef`, `$ref`s to other files or to `$id`
/// URIs and `#anchor`s (each such `$ref` is reported as unresolved rather than passed silently).
public struct JSONSchema: Sendable {
    /// The schema.
    public let schema: JSONValue
    /// The document `$ref`s resolve in (the schema itself unless given).
    public let document: JSONValue
    /// The schema's place in ``document``, a JSON pointer fragment (`#/components/schemas/Pet`), `#` for the root.
    public let location: String
    /// Whether `format` asserts (`date-time`, `date`, `time`, `email`, `uuid`, `ipv4`, `uri`) rather than
    /// only annotating; other formats are never checked.
    public var assertsFormat: Bool

    /// The schema `schema`, found at `location` in `document` (for `$ref`s); `format` only annotates unless
    /// `assertsFormat`.
    public init(
        _ schema: JSONValue, in document: JSONValue? = nil, at location: String = "#", assertsFormat: Bool = false
    ) {
        self.schema = schema
        self.document = document ?? schema
        self.location = location
        self.assertsFormat = assertsFormat
    }

    /// Every violation of `instance`, in document order of the instance; empty when it conforms.
    public func violations(of instance: JSONValue) -> [JSONSchemaViolation] {
        var validator = JSONSchemaValidator(document: document, assertsFormat: assertsFormat)
        validator.check(instance, at: JSONPath(), against: schema, location: location)
        return validator.violations
    }

    /// Whether `instance` conforms.
    public func accepts(_ instance: JSONValue) -> Bool {
        var validator = JSONSchemaValidator(document: document, assertsFormat: assertsFormat, stopsAtFirst: true)
        validator.check(instance, at: JSONPath(), against: schema, location: location)
        return validator.violations.isEmpty
    }
}
