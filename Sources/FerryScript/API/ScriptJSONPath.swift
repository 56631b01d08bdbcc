import FerryJSON
import Foundation

/// `jsonPath(value, "$.a.b[0]")` through FerryJSON's `JSONPathEvaluator`, as `{{$.variable.path}}` goes.
enum ScriptJSONPath {
    /// The JSON text of the match (an array of matches for wildcards and `..`), or nil when nothing
    /// matches.
    static func evaluate(json: String, path: String) throws(NativeFunctionError) -> String? {
        let value: JSONValue
        do { value = try JSONValue(parsing: json) } catch {
            throw NativeFunctionError(message: "jsonPath: the value is not JSON: \(error)")
        }
        let found: JSONPathEvaluator.Found
        do { found = try JSONPathEvaluator.evaluate(path, in: value) } catch {
            throw NativeFunctionError(message: "jsonPath: \(path): \(error.message)")
        }
        if found.isList { return JSONValue.array(found.matches).formatted(.compact) }
        guard let first = found.matches.first, !first.isNull else { return nil }
        return first.formatted(.compact)
    }
}
