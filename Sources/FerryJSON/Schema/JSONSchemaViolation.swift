/// One way an instance fails a ``JSONSchema``: where in the instance, which keyword of the schema, and why.
public struct JSONSchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where the failing value sits in the instance (``JSONPath/normalized`` prints it as `$['items'][3]['id']`).
    public var instancePath: JSONPath
    /// The failing keyword's place in the schema document, as a JSON pointer fragment
    /// (`#/components/schemas/Pet/properties/id/type`), `$ref`s followed.
    public var schemaLocation: String
    /// The failing keyword (`type`, `required`, `additionalProperties`, …).
    public var keyword: String
    /// What is wrong, in plain English (`is a string, not an integer`).
    public var message: String

    /// A violation at `instancePath` of the keyword at `schemaLocation`.
    public init(instancePath: JSONPath, schemaLocation: String, keyword: String, message: String) {
        self.instancePath = instancePath
        self.schemaLocation = schemaLocation
        self.keyword = keyword
        self.message = message
    }

    /// `$['items'][3]['id']: is a string, not an integer (#/…/type)`.
    public var description: String { "\(instancePath.normalized): \(message) (\(schemaLocation))" }
}
