import FerryJSON

// MARK: - `{{$.clients..id}}`: JSONPath over a variable holding JSON

extension TemplateResolver {
    /// The value of `{{$.name<path>}}`: the variable `name` (the longest name before a `.` or `[` that has a
    /// value, since names may hold dots) read as JSON, and `$<path>` evaluated on it as RFC 9535 JSONPath by
    /// FerryJSON's ``JSONQuery``. One match of a singular path is its text (a string without quotes); a path that
    /// can match several gives a JSON array; nothing (or `null`) is an error, as a script's `jsonPath` gives `null`.
    func jsonPath(_ expression: String, depth: Int) throws -> Output {
        func failure(_ problem: String) -> VariableError {
            VariableError(.invalidDynamic(expression, problem: problem), part: part.description, location: location)
        }
        let afterRoot = expression.dropFirst(expression.hasPrefix("$.") ? 2 : 1)
        let ends = afterRoot.indices.filter { afterRoot[$0] == "." || afterRoot[$0] == "[" } + [afterRoot.endIndex]
        guard
            let end = ends.reversed().first(where: {
                $0 > afterRoot.startIndex && context.lookup(String(afterRoot[..<$0])) != nil
            })
        else {
            let name = afterRoot.prefix { $0 != "." && $0 != "[" }
            throw VariableError(.unresolved(String(name)), part: part.description, location: location)
        }
        let variable = try value(of: String(afterRoot[..<end]), depth: depth + 1)
        let document: JSONDocument
        do { document = try JSONDocument(parsing: variable.value) } catch {
            throw failure("the value of {{\(afterRoot[..<end])}} is not JSON")
        }
        let query: JSONQuery
        let matches: [JSONValue]
        do {
            query = try JSONQuery("$" + afterRoot[end...], language: .jsonPath)
            matches = try query.evaluate(in: document).map(document.value(of:))
        } catch {
            // The column in the expression as written: the path after the name follows its `$`.
            let before = expression.unicodeScalars.count - afterRoot[end...].unicodeScalars.count
            throw failure("column \(error.column <= 1 ? 1 : before + error.column - 1): \(error.message)")
        }
        let text: String
        if !query.isSingular {
            text = JSONValue.array(matches).formatted(.compact)
        } else if let first = matches.first, !first.isNull {
            if case .string(let string) = first { text = string } else { text = first.formatted(.compact) }
        } else {
            throw failure("the path matches nothing in {{\(afterRoot[..<end])}}")
        }
        guard variable.containsSecret else { return Output(value: text, masked: text, containsSecret: false) }
        secrets?.values.append(text)
        return Output(value: text, masked: Secrets.mask, containsSecret: true)
    }
}
