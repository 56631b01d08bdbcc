/// Reads the jq subset people type daily: paths (`.a.b[0]`, `.[]`, `..`), `|`, `,`, `//`, comparisons with
/// `and`/`or`, `[…]`, `?`, literals, and `length`, `keys`, `keys_unsorted`, `select`, `map`, `not`, `type`,
/// `has`, `first`, `last`, `empty`. Anything else throws an error naming the column.
struct JQParser {
    private var scanner: QueryScanner

    init(_ text: String) { scanner = QueryScanner(text) }

    /// The whole text as one filter.
    mutating func parse() throws(JSONQueryError) -> JQFilter {
        scanner.skipBlanks()
        guard !scanner.isAtEnd else { throw scanner.failure("empty query; try '.' or '$'") }
        let filter = try parsePipe()
        scanner.skipBlanks()
        guard scanner.isAtEnd else { throw scanner.failure("unexpected \(scanner.describeNext)") }
        return filter
    }

    // MARK: - Operators, loosest first

    private mutating func parsePipe() throws(JSONQueryError) -> JQFilter {
        try scanner.enter()
        defer { scanner.leave() }
        let first = try parseComma()
        scanner.skipBlanks()
        guard scanner.consume("|") else { return first }
        scanner.skipBlanks()
        guard !scanner.isAtEnd else { throw scanner.failure("expected a filter after '|'") }
        return .pipe(first, try parsePipe())
    }

    private mutating func parseComma() throws(JSONQueryError) -> JQFilter {
        var filter = try parseAlternative()
        while true {
            scanner.skipBlanks()
            guard scanner.consume(",") else { return filter }
            scanner.skipBlanks()
            filter = .comma(filter, try parseAlternative())
        }
    }

    private mutating func parseAlternative() throws(JSONQueryError) -> JQFilter {
        let first = try parseOr()
        let save = scanner.position
        scanner.skipBlanks()
        guard scanner.consume("//") else {
            scanner.position = save
            return first
        }
        scanner.skipBlanks()
        try scanner.enter()
        defer { scanner.leave() }
        return .alternative(first, try parseAlternative())
    }

    private mutating func parseOr() throws(JSONQueryError) -> JQFilter {
        var filter = try parseAnd()
        while consumeKeyword("or") { filter = .or(filter, try parseAnd()) }
        return filter
    }

    private mutating func parseAnd() throws(JSONQueryError) -> JQFilter {
        var filter = try parseComparison()
        while consumeKeyword("and") { filter = .and(filter, try parseComparison()) }
        return filter
    }

    private mutating func parseComparison() throws(JSONQueryError) -> JQFilter {
        let left = try parsePostfix()
        let save = scanner.position
        scanner.skipBlanks()
        for comparison in [JSONPathComparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where scanner.consume(comparison.rawValue) {
            scanner.skipBlanks()
            return .comparison(left, comparison, try parsePostfix())
        }
        scanner.position = save
        return left
    }

    /// Reads `word` (after blank space) when it stands alone, as `and` and `or` do.
    private mutating func consumeKeyword(_ word: String) -> Bool {
        let save = scanner.position
        scanner.skipBlanks()
        if scanner.consume(word), !Self.isIdentifierCharacter(scanner.peek()) {
            scanner.skipBlanks()
            return true
        }
        scanner.position = save
        return false
    }

    // MARK: - Terms

    /// A term and what follows it directly: `.name`, `[…]`, `?`.
    private mutating func parsePostfix() throws(JSONQueryError) -> JQFilter {
        var filter = try parseTerm()
        while let scalar = scanner.peek() {
            if scalar == "?" {
                scanner.position += 1
                filter = .optional(filter)
            } else if scalar == "[" {
                filter = .pipe(filter, try parseBracket())
            } else if scalar == ".", scanner.peek(1) != "." {
                let dot = scanner.position
                scanner.position += 1
                if scanner.peek() == "[" {
                    filter = .pipe(filter, try parseBracket())
                } else if let name = try readName() {
                    filter = .pipe(filter, .member(name, column: dot + 1))
                } else {
                    throw scanner.failure("expected a key after '.', found \(scanner.describeNext)")
                }
            } else {
                return filter
            }
        }
        return filter
    }

    private mutating func parseTerm() throws(JSONQueryError) -> JQFilter {
        let start = scanner.position
        guard let scalar = scanner.peek() else { throw scanner.failure("expected a filter") }
        switch scalar {
        case ".":
            if scanner.consume("..") {
                if let name = try readName() { return .recurseMember(Array(name.utf8)) }
                return .recurse
            }
            scanner.position += 1
            if scanner.peek() == "[" { return try parseBracket() }
            if let name = try readName() { return .member(name, column: start + 1) }
            return .identity
        case "(":
            scanner.position += 1
            scanner.skipBlanks()
            let filter = try parsePipe()
            scanner.skipBlanks()
            guard scanner.consume(")") else { throw scanner.failure("expected ')', found \(scanner.describeNext)") }
            return filter
        case "[":
            scanner.position += 1
            scanner.skipBlanks()
            if scanner.consume("]") { return .literal([]) }
            let filter = try parsePipe()
            scanner.skipBlanks()
            guard scanner.consume("]") else { throw scanner.failure("expected ']', found \(scanner.describeNext)") }
            return .collect(filter)
        case "\"":
            return .literal(.string(try readString()))
        case "-", "0"..."9":
            return .literal(try readNumber())
        case "$":
            throw scanner.failure("'$' starts a JSONPath query only at the beginning; jq filters start with '.'")
        default:
            guard Self.isIdentifierStart(scalar) else {
                throw scanner.failure(
                    "unexpected \(scanner.describeNext); a filter starts with '.', '$', '[', '(', a literal or a function"
                )
            }
            return try parseCall(at: start)
        }
    }

    /// A literal keyword or a built-in, with `(args; …)` when it takes arguments.
    private mutating func parseCall(at start: Int) throws(JSONQueryError) -> JQFilter {
        var name = ""
        while let scalar = scanner.peek(), Self.isIdentifierCharacter(scalar) {
            name.unicodeScalars.append(scalar)
            scanner.position += 1
        }
        var arguments: [JQFilter] = []
        if scanner.peek() == "(" {
            scanner.position += 1
            while true {
                scanner.skipBlanks()
                arguments.append(try parsePipe())
                scanner.skipBlanks()
                if scanner.consume(")") { break }
                guard scanner.consume(";") else {
                    throw scanner.failure("expected ';' or ')', found \(scanner.describeNext)")
                }
            }
        }
        let column = start + 1
        switch (name, arguments.count) {
        case ("true", 0): return .literal(true)
        case ("false", 0): return .literal(false)
        case ("null", 0): return .literal(.null)
        case ("map", 1): return .collect(.pipe(.iterate(column: column), arguments[0]))
        case ("first", 0): return .index(0, column: column)
        case ("last", 0): return .index(-1, column: column)
        default: break
        }
        guard let function = JQFunction(rawValue: name) else {
            let known = (JQFunction.allCases.map(\.rawValue) + ["map", "first", "last"]).sorted()
            throw scanner.failure("unknown function '\(name)'; supported: \(known.joined(separator: ", "))", at: start)
        }
        guard arguments.count == function.arity else {
            throw scanner.failure(
                "\(name) takes \(function.arity) argument\(function.arity == 1 ? "" : "s")", at: start)
        }
        return .call(function, arguments, column: column)
    }

    /// `[` (`]` | string `]` | int `]` | int? `:` int? `]`), after a path or a dot.
    private mutating func parseBracket() throws(JSONQueryError) -> JQFilter {
        let open = scanner.position
        scanner.position += 1
        scanner.skipBlanks()
        if scanner.consume("]") { return .iterate(column: open + 1) }
        if scanner.peek() == "\"" {
            let key = try readString()
            try expectClosingBracket()
            return .member(key, column: open + 1)
        }
        let lower = try readInteger()
        scanner.skipBlanks()
        if scanner.consume(":") {
            scanner.skipBlanks()
            let upper = try readInteger()
            try expectClosingBracket()
            return .slice(lower, upper, column: open + 1)
        }
        guard let lower else {
            throw scanner.failure("expected an index, a slice, a quoted key or ']', found \(scanner.describeNext)")
        }
        try expectClosingBracket()
        return .index(lower, column: open + 1)
    }

    // MARK: - Tokens

    private mutating func expectClosingBracket() throws(JSONQueryError) {
        scanner.skipBlanks()
        guard scanner.consume("]") else { throw scanner.failure("expected ']', found \(scanner.describeNext)") }
    }

    /// An identifier or a quoted key after a dot, or `nil` when neither follows.
    private mutating func readName() throws(JSONQueryError) -> String? {
        guard let scalar = scanner.peek() else { return nil }
        if scalar == "\"" { return try readString() }
        guard Self.isIdentifierStart(scalar) else { return nil }
        var name = ""
        while let scalar = scanner.peek(), Self.isIdentifierCharacter(scalar) {
            name.unicodeScalars.append(scalar)
            scanner.position += 1
        }
        return name
    }

    /// A JSON string literal, escapes included.
    private mutating func readString() throws(JSONQueryError) -> String {
        let start = scanner.position
        scanner.position += 1
        while let scalar = scanner.peek(), scalar != "\"" { scanner.position += scalar == "\\" ? 2 : 1 }
        guard scanner.position < scanner.scalars.count else { throw scanner.failure("unterminated string", at: start) }
        scanner.position += 1
        var literal = String.UnicodeScalarView()
        literal.append(contentsOf: scanner.scalars[start..<scanner.position])
        guard let value = try? JSONValue(parsing: String(literal)), let string = value.stringValue else {
            throw scanner.failure("invalid string", at: start)
        }
        return string
    }

    /// A JSON number literal.
    private mutating func readNumber() throws(JSONQueryError) -> JSONValue {
        let start = scanner.position
        _ = scanner.consume("-")
        skipDigits()
        if scanner.consume(".") { skipDigits() }
        if scanner.peek() == "e" || scanner.peek() == "E" {
            scanner.position += 1
            if !scanner.consume("-") { _ = scanner.consume("+") }
            skipDigits()
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scanner.scalars[start..<scanner.position])
        guard let number = JSONNumber(text: String(text)) else {
            throw scanner.failure("invalid number \(String(text))", at: start)
        }
        return .number(number)
    }

    private mutating func skipDigits() {
        while QueryScanner.isDigit(scanner.peek()) { scanner.position += 1 }
    }

    /// An optionally negative decimal integer, or `nil` when none is here.
    private mutating func readInteger() throws(JSONQueryError) -> Int? {
        let start = scanner.position
        var digits = scanner.consume("-") ? "-" : ""
        while let scalar = scanner.peek(), QueryScanner.isDigit(scalar) {
            digits.unicodeScalars.append(scalar)
            scanner.position += 1
        }
        if digits.isEmpty { return nil }
        guard let value = Int(digits) else { throw scanner.failure("invalid index \(digits)", at: start) }
        return value
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    private static func isIdentifierCharacter(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return isIdentifierStart(scalar) || QueryScanner.isDigit(scalar)
    }
}
