import FerryJSON

/// One parameter of an operation, after `$ref` resolution, in either OpenAPI 3.x or Swagger 2.0 form.
struct OpenAPIParameter {
    /// The parameter's name.
    var name: String
    /// Where it goes: `path`, `query`, `header`, `cookie` (and for Swagger 2.0 `body`, `formData`).
    var location: String
    /// Whether the operation needs it (path parameters always do).
    var isRequired: Bool
    /// The parameter object itself.
    var object: JSONObject
    /// Where the parameter object is in the document.
    var pointer: String

    /// The parameter's schema: `schema` in 3.x, the object itself (`type`, `format`, `enum`…) in 2.0.
    var schema: JSONValue { object["schema"] ?? .object(object) }

    /// The value an example gives: `example`, the first of `examples`, `x-example`, the schema's
    /// `example` or `default`; `nil` when none does.
    var exampleValue: JSONValue? {
        if let example = object["example"] { return example }
        if let examples = object["examples"]?.objectValue, let first = examples.first?.value {
            return first.objectValue?["value"]
        }
        if let example = object["x-example"] { return example }
        if let schema = object["schema"]?.objectValue {
            if let example = schema["example"] { return example }
            if let example = schema["examples"]?.arrayValue?.first { return example }
            if let value = schema["default"] { return value }
        }
        return object["default"]
    }
}
