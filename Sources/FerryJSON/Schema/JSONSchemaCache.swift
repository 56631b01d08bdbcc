import Foundation

/// What one validation compiles or looks up once: `pattern` regular expressions and `$ref` targets.
final class JSONSchemaCache {
    private var patterns: [String: NSRegularExpression?] = [:]
    private var references: [String: JSONSchemaNode?] = [:]

    init() {}

    /// The pattern `source` (ECMA-262 as ICU reads it), compiled on first use; `nil` when it does not compile.
    func pattern(_ source: String) -> NSRegularExpression? {
        if let found = patterns[source] { return found }
        let compiled = try? NSRegularExpression(pattern: source)
        patterns[source] = compiled
        return compiled
    }

    /// The schema a local `$ref` (`#`, `#/components/schemas/Pet`, percent escapes decoded) names in `document`,
    /// compiled once; `nil` for other references or a pointer to nothing.
    func resolve(_ reference: String, in document: JSONValue) -> JSONSchemaNode? {
        if let found = references[reference] { return found }
        let resolved = document.value(atReference: reference).map { JSONSchemaNode($0.value, at: $0.location) }
        references[reference] = resolved
        return resolved
    }
}
