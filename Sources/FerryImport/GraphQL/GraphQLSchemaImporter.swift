import FerryJSON
import FerryWorkbench
import Foundation

/// Reads a GraphQL schema (SDL text, or an introspection result as JSON) into one `.http` file with a
/// `GRAPHQL {{graphqlUrl}}` request per query and mutation field: an operation that declares a variable
/// per argument and selects the field's scalar fields (``GraphQLOperationWriter``'s bounded depth), then a
/// variables block with a sample value per argument.
///
/// ```swift
/// let collection = try GraphQLSchemaImporter.read(bytes, fileName: "shop.graphql")
/// collection.files.map(\.path)  // ["shop.http"]
/// ```
public enum GraphQLSchemaImporter: CollectionImporter {
    /// `graphql`.
    public static let formatName = "graphql"

    /// A `.graphql`, `.graphqls`, `.gql` or `.sdl` file, or JSON holding `__schema` in its first 8 KiB.
    public static func recognizes(_ bytes: [UInt8], fileName: String) -> Bool {
        let lowered = fileName.lowercased()
        if [".graphql", ".graphqls", ".gql", ".sdl"].contains(where: { lowered.hasSuffix($0) }) { return true }
        let text = String(decoding: bytes.prefix(8 * 1024), as: UTF8.self)
        return text.drop { $0.isWhitespace }.hasPrefix("{") && text.contains("\"__schema\"")
    }

    /// Reads the schema; throws a located ``Diagnostic`` when it is neither SDL nor an introspection result.
    public static func read(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> ImportedCollection {
        let schema = try self.schema(bytes, fileName: fileName)
        let writer = GraphQLOperationWriter(schema: schema)
        var requests: [SavedRequest] = []
        var taken: Set<String> = []
        var diagnostics: [Diagnostic] = []
        let roots = [("query", schema.queryType), ("mutation", schema.mutationType)]
        for (kind, typeName) in roots {
            guard let typeName else { continue }
            guard let type = schema.type(named: typeName) else {
                if kind == "query" {
                    diagnostics.append(
                        Diagnostic(
                            "the schema names '\(typeName)' as its query type but does not define it",
                            at: SourceLocation(file: fileName, line: 1), severity: .warning))
                }
                continue
            }
            for field in type.fields where !field.name.hasPrefix("__") {
                var request = SavedRequest(method: SavedRequest.graphQLMethod, url: "{{graphqlUrl}}")
                request.title = ImportNaming.unique(field.name, among: &taken)
                request.body = writer.body(kind: kind, field: field)
                requests.append(request)
            }
        }
        if requests.isEmpty {
            throw Diagnostic(
                "the schema has no query or mutation fields to import", at: SourceLocation(file: fileName, line: 1))
        }
        let base = (fileName as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        let shared = ImportedCollection.Environment(
            name: "$shared", variables: [ImportedCollection.Variable("graphqlUrl", "http://localhost:4000/graphql")])
        return ImportedCollection(
            files: [
                ImportedCollection.File(
                    path: ImportNaming.safeComponent(stem, fallback: "graphql") + ".http", requests: requests)
            ],
            environments: [shared], diagnostics: diagnostics)
    }

    /// The schema of `bytes`: introspection JSON when it parses as JSON, else SDL.
    static func schema(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> GraphQLSchema {
        let first = bytes.first { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            let json: JSONValue
            do {
                json = try JSONValue(parsing: bytes, options: .lenient)
            } catch {
                throw Diagnostic(
                    "not an introspection result: \(error.message)",
                    at: SourceLocation(file: fileName, line: error.line, column: error.column))
            }
            do {
                return try GraphQLSchema(introspection: json)
            } catch {
                throw Diagnostic(error.message, at: SourceLocation(file: fileName, line: 1))
            }
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw Diagnostic("the schema is not UTF-8 text", at: SourceLocation(file: fileName, line: 1))
        }
        do {
            return try GraphQLSchemaParser.schema(text)
        } catch {
            throw Diagnostic(error.message, at: SourceLocation(file: fileName, line: error.line, column: error.column))
        }
    }
}
