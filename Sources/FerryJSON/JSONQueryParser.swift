/// Reads the text of a ``JSONQuery`` into its steps.
struct JSONQueryParser {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var steps: [JSONQuery.Step] = []

    init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    // MARK: - Grammar

    /// query := term ('|' term)*
    mutating func parse() throws(JSONQueryError) -> [JSONQuery.Step] {
        skipSpaces()
        guard position < scalars.count else { throw failure("empty query; try '.'") }
        while true {
            try parseTerm()
            skipSpaces()
            guard position < scalars.count else { return steps }
            guard scalars[position] == "|" else { throw failure("unexpected \(describe(scalars[position]))") }
            position += 1
            skipSpaces()
            guard position < scalars.count else { throw failure("expected a filter after '|'") }
        }
    }

    /// term := 'length' | 'keys' | path
    private mutating func parseTerm() throws(JSONQueryError) {
        let start = position
        let scalar = scalars[position]
        if isIdentifierStart(scalar) {
            let name = readIdentifier()
            switch name {
            case "length": steps.append(JSONQuery.Step(operation: .length, column: start + 1))
            case "keys": steps.append(JSONQuery.Step(operation: .keys, column: start + 1))
            default:
                throw failure("unknown function '\(name)'; supported: length, keys", at: start)
            }
        } else if scalar == "." {
            try parsePath()
        } else {
            throw failure("unexpected \(describe(scalar)); a filter starts with '.', 'length' or 'keys'")
        }
    }

    /// path := '.' [member | '..' [name]] (('.' member | '..' [name] | '[' bracket ']'))*
    private mutating func parsePath() throws(JSONQueryError) {
        var isFirst = true
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "[" {
                try parseBracket()
            } else if scalar == "." {
                let dot = position
                position += 1
                if position < scalars.count, scalars[position] == "." {
                    position += 1
                    let name = try readOptionalName()
                    steps.append(JSONQuery.Step(operation: .recurse(name), column: dot + 1))
                } else if let name = try readOptionalName() {
                    steps.append(JSONQuery.Step(operation: .key(name), column: dot + 1))
                } else if position < scalars.count, scalars[position] == "[" {
                    try parseBracket()
                } else if !isFirst {
                    throw failure("expected a key after '.'", at: dot)
                }
            } else {
                return
            }
            isFirst = false
        }
    }

    /// bracket := '[' ( ']' | string ']' | int ']' | int? ':' int? ']' )
    private mutating func parseBracket() throws(JSONQueryError) {
        let open = position
        position += 1
        skipSpaces()
        guard position < scalars.count else { throw failure("expected ']'") }
        if scalars[position] == "]" {
            position += 1
            steps.append(JSONQuery.Step(operation: .iterate, column: open + 1))
            return
        }
        if scalars[position] == "\"" {
            let key = try readString()
            try expectClosingBracket()
            steps.append(JSONQuery.Step(operation: .key(key), column: open + 1))
            return
        }
        let lower = try readInteger()
        skipSpaces()
        if position < scalars.count, scalars[position] == ":" {
            position += 1
            skipSpaces()
            let upper = try readInteger()
            try expectClosingBracket()
            steps.append(JSONQuery.Step(operation: .slice(lower, upper), column: open + 1))
            return
        }
        guard let lower else { throw failure("expected an index, a slice, a quoted key or ']'") }
        try expectClosingBracket()
        steps.append(JSONQuery.Step(operation: .index(lower), column: open + 1))
    }

    // MARK: - Tokens

    private mutating func expectClosingBracket() throws(JSONQueryError) {
        skipSpaces()
        guard position < scalars.count, scalars[position] == "]" else { throw failure("expected ']'") }
        position += 1
    }

    /// An identifier or a quoted key after a dot, or `nil` when neither follows.
    private mutating func readOptionalName() throws(JSONQueryError) -> String? {
        guard position < scalars.count else { return nil }
        if isIdentifierStart(scalars[position]) { return readIdentifier() }
        if scalars[position] == "\"" { return try readString() }
        return nil
    }

    private mutating func readIdentifier() -> String {
        var name = ""
        while position < scalars.count, isIdentifierStart(scalars[position]) || ("0"..."9").contains(scalars[position])
        {
            name.unicodeScalars.append(scalars[position])
            position += 1
        }
        return name
    }

    /// A JSON string literal, escapes included.
    private mutating func readString() throws(JSONQueryError) -> String {
        let start = position
        position += 1
        while position < scalars.count, scalars[position] != "\"" {
            position += scalars[position] == "\\" ? 2 : 1
        }
        guard position < scalars.count else { throw failure("unterminated string", at: start) }
        position += 1
        var literal = String.UnicodeScalarView()
        literal.append(contentsOf: scalars[start..<position])
        guard let value = try? JSONValue(parsing: String(literal)), let key = value.stringValue else {
            throw failure("invalid string", at: start)
        }
        return key
    }

    /// An optionally negative decimal integer, or `nil` when none is here.
    private mutating func readInteger() throws(JSONQueryError) -> Int? {
        let start = position
        var digits = ""
        if position < scalars.count, scalars[position] == "-" {
            digits = "-"
            position += 1
        }
        while position < scalars.count, ("0"..."9").contains(scalars[position]) {
            digits.unicodeScalars.append(scalars[position])
            position += 1
        }
        if digits.isEmpty { return nil }
        guard let value = Int(digits) else { throw failure("invalid index", at: start) }
        return value
    }

    private mutating func skipSpaces() {
        while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        "character '\(Character(scalar))'"
    }

    private func failure(_ message: String, at index: Int? = nil) -> JSONQueryError {
        JSONQueryError(message: message, column: (index ?? position) + 1, query: text)
    }
}
