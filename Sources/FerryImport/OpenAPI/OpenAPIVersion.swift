import FerryJSON

/// The description formats the importer reads.
enum OpenAPIVersion: Equatable {
    /// Swagger 2.0.
    case swagger2
    /// OpenAPI 3.0 or 3.1.
    case openAPI3

    /// The version a parsed document declares, or `nil`.
    init?(_ root: JSONValue) {
        if let text = root["openapi"].value.map(OpenAPIConverter.text), text.hasPrefix("3.") {
            self = .openAPI3
        } else if let text = root["swagger"].value.map(OpenAPIConverter.text), text == "2.0" || text == "2" {
            self = .swagger2
        } else {
            return nil
        }
    }

    /// The version a document's first lines declare, without parsing it: a JSON member `"openapi": "3.…"`
    /// or `"swagger": "2.0"`, or a YAML line at column 1 `openapi: 3.…` or `swagger: "2.0"` (quoted or not).
    static func sniff(_ text: String) -> OpenAPIVersion? {
        for line in text.split(whereSeparator: \.isNewline) {
            var rest = line[...]
            let isJSON = rest.first == " " || rest.first == "\t" || rest.first == "{" || rest.first == "\""
            if isJSON { rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "{" } }
            for (key, version) in [("openapi", OpenAPIVersion.openAPI3), ("swagger", .swagger2)] {
                let prefixes = isJSON ? ["\"\(key)\""] : [key, "\"\(key)\"", "'\(key)'"]
                for prefix in prefixes where rest.hasPrefix(prefix) {
                    var value = rest.dropFirst(prefix.count).drop { $0 == " " || $0 == "\t" }
                    guard value.first == ":" else { continue }
                    value = value.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" }
                    if version == .openAPI3, value.hasPrefix("3.") { return version }
                    if version == .swagger2, value.hasPrefix("2.0") { return version }
                }
            }
        }
        return nil
    }
}
