/// One query engine for the CLI, the workbench and scripts: JSONPath as RFC 9535 defines it when the text starts
/// with `$`, else the jq subset people type daily; both run on a ``JSONDocument``'s tape.
///
/// | JSONPath (RFC 9535) | jq |
/// | --- | --- |
/// | `$.a.b[0]`, `$['a b']`, `$.*`, `$[0,2]`, `$[1:5:2]` | `.a.b[0]`, `."a b"`, `.["a b"]`, `.[]`, `.[1:5]` |
/// | `$..id`, `$..[0]`, `$..*` | `..`, `..id` (every member named `id`) |
/// | `$.items[?@.price < 10 && @.tags]` | `.items[] \| select(.price < 10 and .tags)` |
/// | `length()`, `count()`, `match()`, `search()`, `value()` in filters | `length`, `keys`, `keys_unsorted`, `map(f)`, `select(f)`, `has(k)`, `type`, `not`, `first`, `last`, `empty` |
/// | | `a \| b`, `a, b`, `a // b`, `[f]`, `f?`, `==` `!=` `<` `<=` `>` `>=`, `and`, `or` |
///
/// A JSONPath query's results are always nodes of the document (``JSONQueryResult/node(_:)``); a jq filter's
/// are nodes where it walks and values where it computes.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"items": [{"id": 1}, {"id": 5}]}"#)
/// try JSONQuery("$.items[?@.id==5]").evaluate(in: document)   // [.node(4)]
/// try JSONQuery(".items | map(.id)").evaluate(in: document)   // [.value([1, 5])]
/// ```
public struct JSONQuery: Sendable, Hashable, CustomStringConvertible {
    /// Which language a query is written in.
    public enum Language: Sendable, Hashable {
        /// RFC 9535 JSONPath: the text starts with `$`.
        case jsonPath
        /// The jq subset: anything else.
        case jq
    }

    /// A query read.
    enum Program: Sendable, Hashable {
        case jsonPath(JSONPathQuery)
        case jq(JQFilter)
    }

    /// The query as written.
    public let text: String
    let program: Program

    /// Reads `text`: JSONPath when its first character other than blank space is `$`, else jq. Anything either
    /// grammar refuses throws an error naming the column.
    public init(_ text: String) throws(JSONQueryError) {
        let first = text.unicodeScalars.first { !QueryScanner.isBlank($0) }
        try self.init(text, language: first == "$" ? .jsonPath : .jq)
    }

    /// Reads `text` as `language`.
    public init(_ text: String, language: Language) throws(JSONQueryError) {
        switch language {
        case .jsonPath:
            var parser = JSONPathParser(text)
            program = .jsonPath(try parser.parse())
        case .jq:
            var parser = JQParser(text)
            program = .jq(try parser.parse())
        }
        self.text = text
    }

    /// The language the query was read as.
    public var language: Language {
        switch program {
        case .jsonPath: .jsonPath
        case .jq: .jq
        }
    }

    /// Whether the query gives at most one result: RFC 9535's singular query (names and indices only), or a
    /// jq path of members and indices. Templates and scripts give a single result as itself and others as a list.
    public var isSingular: Bool {
        switch program {
        case .jsonPath(let query): query.isSingular
        case .jq(let filter): filter.isSingular
        }
    }

    /// The query as written.
    public var description: String { text }

    // MARK: - Running

    /// Every result of the query on `document`, in order.
    ///
    /// Throws jq's errors (indexing a string, iterating a number: with the step's column), and stops a query with
    /// more than `maximumResults` results with an error instead of running on.
    public func evaluate(in document: JSONDocument, maximumResults: Int = 1_000_000) throws(JSONQueryError)
        -> [JSONQueryResult]
    {
        var results: [JSONQueryResult] = []
        try forEachResult(in: document, collectLimit: maximumResults) { result in
            guard results.count < maximumResults else {
                throw JSONQueryError(message: "more than \(maximumResults) results", column: 1, query: text)
            }
            results.append(result)
            return true
        }
        return results
    }

    /// Every result of the query on `value`, as values (the value is written out and read as a document first).
    public func evaluate(_ value: JSONValue, maximumResults: Int = 1_000_000) throws(JSONQueryError) -> [JSONValue] {
        let document: JSONDocument
        do { document = try JSONDocument(parsing: value.formattedBytes(.compact)) } catch {
            throw JSONQueryError(message: "the value cannot be queried: \(error)", column: 1, query: text)
        }
        return try evaluate(in: document, maximumResults: maximumResults).map(document.value(of:))
    }

    /// Calls `body` with each result in order until it returns `false`.
    func forEachResult(
        in document: JSONDocument, collectLimit: Int, _ body: (JSONQueryResult) throws -> Bool
    ) throws(JSONQueryError) {
        do {
            switch program {
            case .jsonPath(let query):
                _ = try JSONPathRun(document: document).select(query, current: document.root) { try body(.node($0)) }
            case .jq(let filter):
                let run = JQRun(document: document, query: text, collectLimit: collectLimit)
                _ = try run.run(filter, .node(document.root), body)
            }
        } catch let error as JSONQueryError {
            throw error
        } catch let error as JQRun.Stop {
            throw error.error
        } catch {
            throw JSONQueryError(message: "\(error)", column: 1, query: text)
        }
    }
}
