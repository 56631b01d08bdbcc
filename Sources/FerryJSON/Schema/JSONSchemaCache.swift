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
        let resolved = Self.lookUp(reference, in: document).map { JSONSchemaNode($0.0, at: $0.1) }
        references[reference] = resolved
        return resolved
    }

    private static func lookUp(_ reference: String, in document: JSONValue) -> (JSONValue, String)? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = String(reference.dropFirst())
        let pointer = fragment.removingPercentEncoding ?? fragment
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var current = document
        for part in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let component = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let object):
                guard let next = object[component] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return (current, "#" + pointer)
    }
}
