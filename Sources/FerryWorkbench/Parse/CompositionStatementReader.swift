/// Reads the text of a `run` or `import` line into a ``CompositionStatement/Action``, or says what is wrong
/// and at which column.
enum CompositionStatementReader {
    /// A problem with a statement line: what was expected, at which 1-based column.
    struct Problem: Error, Equatable {
        var message: String
        var column: Int
    }

    /// The extensions a file named by `import` or `run` must have.
    static let requestFileExtensions = [".http", ".rest"]

    /// The action `line` (a whole source line starting, after blanks, with `run` or `import`) describes.
    static func action(of line: String) -> Result<CompositionStatement.Action, Problem> {
        let trimmed = line.drop { isSpace($0) }
        let keyword = trimmed.prefix { !isSpace($0) }
        let argument = trimmed.dropFirst(keyword.count).drop { isSpace($0) }
        let argumentColumn = line.distance(from: line.startIndex, to: argument.startIndex) + 1
        let text = String(argument).trimmedSpaces
        if keyword == "import" {
            return filePath(text, after: "import", column: argumentColumn).map { .importFile(path: $0) }
        }
        guard !text.isEmpty else {
            return .failure(
                Problem(
                    message: "expected `#name` or a file such as `./other.http` after `run`", column: argumentColumn))
        }
        let target: String
        let overrides: [CompositionStatement.VariableOverride]
        switch split(text, column: argumentColumn) {
        case .success(let parts): (target, overrides) = parts
        case .failure(let problem): return .failure(problem)
        }
        if target.hasPrefix("#") {
            let name = target.dropFirst().trimmedSpaces
            guard !name.isEmpty else {
                return .failure(Problem(message: "expected a request name after `run #`", column: argumentColumn + 1))
            }
            return .success(.runRequest(name: name, overrides: overrides))
        }
        return filePath(target, after: "run", column: argumentColumn).map { .runFile(path: $0, overrides: overrides) }
    }

    /// `text` as a path to a request file, or what is wrong with it.
    private static func filePath(_ text: String, after keyword: String, column: Int) -> Result<String, Problem> {
        guard !text.isEmpty else {
            return .failure(
                Problem(message: "expected a file such as `./other.http` after `\(keyword)`", column: column))
        }
        guard requestFileExtensions.contains(where: { text.lowercased().hasSuffix($0) }) else {
            return .failure(
                Problem(
                    message: "expected a request file (.http or .rest) after `\(keyword)`, found '\(text)'"
                        + (keyword == "run" ? " (a request is named `#name`)" : ""), column: column))
        }
        return .success(text)
    }

    /// The target of a `run` line and its `(@name=value, …)` overrides, if any.
    private static func split(_ text: String, column: Int) -> Result<
        (target: String, overrides: [CompositionStatement.VariableOverride]), Problem
    > {
        guard let open = text.range(of: "(@") ?? (text.hasSuffix(")") ? text.range(of: "(", options: .backwards) : nil)
        else { return .success((text, [])) }
        let openColumn = column + text.distance(from: text.startIndex, to: open.lowerBound)
        guard text.hasSuffix(")") else {
            return .failure(Problem(message: "expected `)` to close the variables opened here", column: openColumn))
        }
        let target = text[..<open.lowerBound].trimmedSpaces
        let inside = text[text.index(after: open.lowerBound)..<text.index(before: text.endIndex)]
        var overrides: [CompositionStatement.VariableOverride] = []
        for part in items(of: inside) {
            let item = part.trimmedSpaces
            let itemColumn = column + text.distance(from: text.startIndex, to: part.drop { isSpace($0) }.startIndex)
            guard item.hasPrefix("@"), let equals = item.firstIndex(of: "=") else {
                return .failure(
                    Problem(message: "expected `@name=value` in the variables, found '\(item)'", column: itemColumn))
            }
            let name = item[item.index(after: item.startIndex)..<equals].trimmedSpaces
            guard !name.isEmpty, !name.contains(where: { isSpace($0) }) else {
                return .failure(Problem(message: "expected a variable name after `@`", column: itemColumn))
            }
            overrides.append(.init(name: name, value: item[item.index(after: equals)...].trimmedSpaces))
        }
        return .success((target, overrides))
    }

    /// The `@name=value` items of the text between the parentheses: a comma ends an item only where the next one
    /// starts with `@`, so a value may hold commas.
    private static func items(of inside: Substring) -> [Substring] {
        var parts: [Substring] = []
        var start = inside.startIndex
        var index = inside.startIndex
        while index < inside.endIndex {
            let next = inside.index(after: index)
            if inside[index] == ",", inside[next...].drop(while: { isSpace($0) }).hasPrefix("@") {
                parts.append(inside[start..<index])
                start = next
            }
            index = next
        }
        parts.append(inside[start...])
        return parts
    }
}
