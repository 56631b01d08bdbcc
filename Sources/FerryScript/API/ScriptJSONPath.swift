import FerryJSON
import Foundation

/// `jsonPath(value, "$.a.b[0]")` on FerryJSON's query language: `$` is the input, `[*]` and `.*` every
/// element, `['name']` a member, and the rest (`.a`, `[0]`, `..a`) read as in `JSONQuery`.
enum ScriptJSONPath {
    /// The JSON text of the match (an array of matches for wildcards and `..`), or nil when nothing
    /// matches.
    static func evaluate(json: String, path: String) throws(NativeFunctionError) -> String? {
        let value: JSONValue
        do { value = try JSONValue(parsing: json) } catch {
            throw NativeFunctionError(message: "jsonPath: the value is not JSON: \(error)")
        }
        var query = path.trimmingCharacters(in: .whitespaces)
        if query.hasPrefix("$") { query.removeFirst() }
        query = query.replacingOccurrences(of: "[*]", with: "[]").replacingOccurrences(of: ".*", with: "[]")
            .replacingOccurrences(of: "['", with: "[\"").replacingOccurrences(of: "']", with: "\"]")
        if !query.hasPrefix(".") { query = "." + query }
        let results: [JSONValue]
        do { results = try JSONQuery(query).evaluate(value) } catch {
            throw NativeFunctionError(message: "jsonPath: \(path): \(error.message)")
        }
        let many = query.contains("[]") || query.contains("..")
        if many { return JSONValue.array(results).formatted(.compact) }
        guard let first = results.first, !first.isNull else { return nil }
        return first.formatted(.compact)
    }
}
