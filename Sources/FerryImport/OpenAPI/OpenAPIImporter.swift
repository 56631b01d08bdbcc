import FerryWorkbench

/// Reads OpenAPI 3.0/3.1 and Swagger 2.0 descriptions (JSON or YAML) into requests: one `.http` file
/// per tag, one request per operation, one environment per server.
///
/// Each request is titled by its `operationId` (else its summary, else `METHOD /path`) and targets
/// `{{baseUrl}}` plus the path, `{param}` written `{{param}}`; required query parameters are appended as
/// `name={{name}}` and required header parameters become headers, each variable in `$shared` with the
/// spec's example or default value (empty otherwise). Request bodies come from the spec's example or are
/// generated from the schema; security requirements become `Authorization` headers or API-key
/// parameters whose secret variables are left empty in every environment. Parts that cannot be carried
/// over (external `$ref`s, callbacks, webhooks, OAuth flows) are reported as located warnings.
///
/// ```swift
/// let collection = try OpenAPIImporter.read(bytes, fileName: "petstore.yaml")
/// collection.files.map(\.path)   // ["pets.http"]
/// ```
public enum OpenAPIImporter: CollectionImporter {
    /// `openapi`.
    public static let formatName = "openapi"

    /// Whether the first 8 KiB hold a top-level `openapi: 3.x` or `swagger: "2.0"` (JSON or YAML).
    public static func recognizes(_ bytes: [UInt8], fileName: String) -> Bool {
        let text = String(decoding: bytes.prefix(8 * 1024), as: UTF8.self)
        return OpenAPIVersion.sniff(text) != nil
    }

    /// Reads the document; throws when it is not JSON or YAML, or not OpenAPI 3.x or Swagger 2.0.
    public static func read(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> ImportedCollection {
        let source = try OpenAPISource(bytes, fileName: fileName)
        guard let version = OpenAPIVersion(source.value) else {
            throw Diagnostic(
                "not an OpenAPI 3.x or Swagger 2.0 document (no top-level 'openapi: 3.x' or 'swagger: \"2.0\"')",
                at: SourceLocation(file: fileName, line: 1))
        }
        var converter = OpenAPIConverter(source: source, isSwagger2: version == .swagger2)
        return converter.convert()
    }
}
