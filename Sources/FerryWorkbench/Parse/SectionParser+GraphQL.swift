import FerryJSON

extension SectionParser {
    /// Checks a `GRAPHQL` request as it is read: a query must follow, its syntax must parse (a warning at the
    /// query's line and column, `{{…}}` read as a name), and the variables block must be a JSON object
    /// (`{{…}}` read as a number); the request loads either way.
    mutating func lintGraphQL(_ request: SavedRequest, map: RequestSourceMap) {
        guard let parts = request.graphQLParts, let bodyLine = map.bodyLine else {
            report(
                "expected a GraphQL query after the headers and a blank line", line: map.requestLine,
                column: (request.explicitMethod?.count ?? 0) + 2)
            return
        }
        do {
            _ = try GraphQLParser.document(Self.blankingVariables(parts.query, with: "v"))
        } catch {
            report(
                "GraphQL: \(error.message)", line: bodyLine + error.line - 1, column: error.column, severity: .warning)
        }
        guard let variables = parts.variables, let offset = parts.variablesLineOffset else { return }
        do {
            let value = try JSONValue(parsing: Self.blankingVariables(variables, with: "0"))
            if value.objectValue == nil {
                report("expected the GraphQL variables to be a JSON object { … }", line: bodyLine + offset, column: 1)
            }
        } catch {
            report(
                "the GraphQL variables are not JSON: \(error.message)", line: bodyLine + offset + error.line - 1,
                column: error.column)
        }
    }

    /// `text` with every `{{…}}` on a line replaced by `filler` padded to the same width, so positions hold.
    static func blankingVariables(_ text: String, with filler: Character) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}"),
            !rest[open.lowerBound..<close.upperBound].contains("\n")
        {
            result += rest[..<open.lowerBound]
            let width = rest.distance(from: open.lowerBound, to: close.upperBound)
            result += String(filler) + String(repeating: " ", count: width - 1)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
