import FerryWorkbench

/// Reads Postman collections (schema v2.0 and v2.1) and Postman environment files.
///
/// A collection becomes `.http` files: requests at the top level go into `<collection name>.http`,
/// each folder becomes a subfolder holding `<folder name>.http` with its requests. Auth (basic,
/// bearer, API key, digest; inherited from folders and the collection), bodies (raw, urlencoded,
/// form-data, file, GraphQL), disabled headers (kept disabled) and descriptions (as comments) carry
/// over; collection variables become the `$shared` environment. A request's test and pre-request scripts
/// become JetBrains scripts (``PostmanScriptTranslator``: `pm.environment.set` → `client.global.set`, `pm.test` →
/// `client.test`, `pm.expect`… → `client.assert`), the lines with no counterpart kept as comments with a located
/// warning; a folder's or the collection's scripts get a warning. An environment file becomes one environment,
/// secret-looking and `secret`-typed values going to the private file.
///
/// ```swift
/// let collection = try PostmanImporter.read(bytes, fileName: "shop.postman_collection.json")
/// collection.files.map(\.path)   // ["Shop.http", "Orders/Orders.http"]
/// ```
public enum PostmanImporter: CollectionImporter {
    /// `postman`.
    public static let formatName = "postman"

    /// Whether the text names Postman's collection schema or environment scope, or the file is named
    /// like a Postman export.
    public static func recognizes(_ bytes: [UInt8], fileName: String) -> Bool {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".postman_collection.json") || lowered.hasSuffix(".postman_environment.json") {
            return true
        }
        guard
            let first = bytes.first(where: {
                $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF
            }),
            first == UInt8(ascii: "{")
        else { return false }
        let text = String(decoding: bytes.prefix(256 * 1024), as: UTF8.self)
        return text.contains("schema.getpostman.com/json/collection") || text.contains("\"_postman_variable_scope\"")
    }

    /// Reads a collection or an environment file.
    public static func read(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> ImportedCollection {
        let json = try PostmanJSON.parsing(bytes, fileName: fileName)
        let root = json.root
        guard root.kind == .object else {
            throw Diagnostic(
                "expected a Postman collection or environment object", at: SourceLocation(file: fileName, line: 1))
        }
        if root["item"] != nil || root["info"] != nil {
            var reader = PostmanCollectionReader(file: fileName)
            return try reader.read(root)
        }
        if let values = root["values"], values.kind == .array {
            return environment(root, values: values, fileName: fileName)
        }
        throw Diagnostic(
            "neither a Postman collection (no \"item\") nor an environment (no \"values\")",
            at: SourceLocation(file: fileName, line: 1))
    }

    // MARK: - Environments

    /// A Postman environment file: enabled values, the last of duplicate keys winning, secrets apart.
    static func environment(_ root: PostmanJSON.Node, values: PostmanJSON.Node, fileName: String) -> ImportedCollection
    {
        let name =
            root["name"]?.nonEmptyText ?? ImportNaming.safeComponent(baseName(of: fileName), fallback: "imported")
        let variables = PostmanCollectionReader.variables(values.elements)
        return ImportedCollection(environments: [PostmanCollectionReader.environment(name, variables)])
    }

    /// The file name without folders and `.postman_environment.json` / `.json`.
    static func baseName(of fileName: String) -> String {
        var last = fileName.split(separator: "/").last.map(String.init) ?? fileName
        for suffix in [".postman_environment.json", ".postman_collection.json", ".json"]
        where last.lowercased().hasSuffix(suffix) {
            last = String(last.dropLast(suffix.count))
            break
        }
        return last
    }
}
