/// The body of a `GRAPHQL` request split as the JetBrains client writes it: the query, then (after a blank
/// line) an optional JSON object of variables.
///
/// ```
/// GRAPHQL {{host}}/graphql
///
/// query Hero($id: ID!) { hero(id: $id) { name } }
///
/// { "id": "{{heroId}}" }
/// ```
///
/// The variables block is the first line, after a blank line and outside every `{ … }` of the query, whose
/// text starts with `{` (a query's own `{` at the top level can only open a shorthand query, which would then
/// be the first text of the body).
public struct GraphQLRequestParts: Sendable, Hashable {
    /// The query text, trailing blank lines removed.
    public var query: String
    /// The variables JSON text (with `{{…}}` unresolved), or `nil` when the body has none.
    public var variables: String?
    /// The 0-based line within the body where the variables block starts.
    public var variablesLineOffset: Int?

    /// Splits `body`.
    public init(body: String) {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        var depth = 0
        var sawQuery = false
        var previousBlank = false
        var split: Int?
        for (offset, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let isBlank = trimmed.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
            if depth == 0, sawQuery, previousBlank, trimmed.hasPrefix("{") {
                split = offset
                break
            }
            if !isBlank, !trimmed.hasPrefix("#") { sawQuery = true }
            depth = max(0, depth + Self.braceBalance(of: line))
            previousBlank = isBlank
        }
        guard let split else {
            query = Self.trimmingTrailingBlankLines(lines[...])
            return
        }
        query = Self.trimmingTrailingBlankLines(lines[..<split])
        variables = Self.trimmingTrailingBlankLines(lines[split...])
        variablesLineOffset = split
    }

    /// `{` minus `}` on a line of GraphQL, outside strings and `#` comments.
    static func braceBalance(of line: Substring) -> Int {
        var balance = 0
        var inString = false
        var escaped = false
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "#": return balance
            case "\"": inString = true
            case "{": balance += 1
            case "}": balance -= 1
            default: break
            }
        }
        return balance
    }

    static func trimmingTrailingBlankLines(_ lines: ArraySlice<Substring>) -> String {
        var lines = lines
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
