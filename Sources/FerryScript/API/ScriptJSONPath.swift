import FerryJSON
import Foundation

/// `jsonPath(value, "$.a.b[0]")` through FerryJSON's ``JSONQuery`` (JSONPath, or jq for a path starting with `.`),
/// as `{{$.variable.path}}` goes.
enum ScriptJSONPath {
    /// The JSON text of the match (an array of matches when the path can select several), or nil when nothing
    /// matches.
    static func evaluate(json: String, path: String) throws(NativeFunctionError) -> String? {
        let document: JSONDocument
        do { document = try JSONDocument(parsing: json) } catch {
            throw NativeFunctionError(message: "jsonPath: the value is not JSON: \(error)")
        }
        let query: JSONQuery
        let results: [JSONQueryResult]
        do {
            query = try JSONQuery(path)
            results = try query.evaluate(in: document)
        } catch {
            throw NativeFunctionError(message: "jsonPath: \(path): column \(error.column): \(error.message)")
        }
        let values = results.map(document.value(of:))
        if !query.isSingular { return JSONValue.array(values).formatted(.compact) }
        guard let first = values.first, !first.isNull else { return nil }
        return first.formatted(.compact)
    }
}
