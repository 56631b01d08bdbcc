/// JSONPath as the JetBrains HTTP Client writes it (`$.items[0].id`, `$..id`, `$.items[*]`, `$['a b']`), evaluated on
/// FerryJSON's query language: the one place both scripts' `jsonPath(…)` and `{{$.variable.path}}` go through, so the
/// engine can be replaced in one spot.
///
/// ```swift
/// let found = try JSONPathEvaluator.evaluate("$..id", in: try JSONValue(parsing: #"[{"id": 1}, {"id": 2}]"#))
/// // found.matches == [1, 2], found.isList == true
/// ```
public enum JSONPathEvaluator {
    /// What a path found: its matches, and whether the path can match several (a wildcard or `..`), so a single
    /// match is still a list.
    public struct Found: Sendable, Hashable {
        /// The values matched, in document order.
        public var matches: [JSONValue]
        /// Whether the path selects a list (`[*]`, `.*`, `..`) rather than one value.
        public var isList: Bool
    }

    /// The values `path` selects in `value`.
    public static func evaluate(_ path: String, in value: JSONValue) throws(JSONQueryError) -> Found {
        let query = queryText(of: path)
        let matches = try JSONQuery(query).evaluate(value)
        return Found(matches: matches, isList: query.contains("[]") || query.contains(".."))
    }

    /// `path` in FerryJSON's query language: `$` dropped, `[*]` and `.*` as `[]`, `['name']` as `["name"]`.
    static func queryText(of path: String) -> String {
        var query = Substring(path)
        while let first = query.first, first == " " || first == "\t" { query.removeFirst() }
        while let last = query.last, last == " " || last == "\t" { query.removeLast() }
        if query.hasPrefix("$") { query = query.dropFirst() }
        var text = String(query).replacing("[*]", with: "[]").replacing(".*", with: "[]")
            .replacing("['", with: "[\"").replacing("']", with: "\"]")
        if !text.hasPrefix(".") { text = "." + text }
        return text
    }
}
