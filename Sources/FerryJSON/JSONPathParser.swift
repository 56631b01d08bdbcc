/// Reads a JSONPath query as RFC 9535's grammar writes it, type-checking filter expressions and function
/// calls as its section 2.4.3 requires; anything else throws an error naming the column.
struct JSONPathParser {
    private var scanner: QueryScanner

    init(_ text: String) { scanner = QueryScanner(text) }

    /// A filter expression before it is known whether it is tested, compared or passed to a function.
    private enum Operand {
        case literal(JSONValue)
        case query(JSONPathQuery)
        case function(JSONPathFunctionCall)
        case logical(JSONPathFilter)
    }

    // MARK: - Queries

    /// `$` and segments, and nothing after them (no blank space around the query either).
    mutating func parse() throws(JSONQueryError) -> JSONPathQuery {
        guard scanner.consume("$") else {
            if let first = scanner.peek(), QueryScanner.isBlank(first) {
                throw scanner.failure("blank space before '$'")
            }
            throw scanner.failure("a JSONPath query starts with '$', found \(scanner.describeNext)")
        }
        let query = JSONPathQuery(isRelative: false, segments: try parseSegments())
        guard scanner.isAtEnd else {
            let rest = scanner.scalars[scanner.position...]
            if rest.allSatisfy(QueryScanner.isBlank) { throw scanner.failure("blank space after the query") }
            throw scanner.failure("unexpected \(scanner.describeNext)")
        }
        return query
    }

    /// Segments, each optionally after blank space.
    private mutating func parseSegments() throws(JSONQueryError) -> [JSONPathQuery.Segment] {
        var segments: [JSONPathQuery.Segment] = []
        while true {
            let save = scanner.position
            scanner.skipBlanks()
            if scanner.peek() == "[" {
                segments.append(JSONPathQuery.Segment(isDescendant: false, selectors: try parseBracketed()))
            } else if scanner.consume("..") {
                segments.append(JSONPathQuery.Segment(isDescendant: true, selectors: try parseAfterDots()))
            } else if scanner.consume(".") {
                guard let selector = try parseShorthand() else {
                    throw scanner.failure("expected a member name or '*' after '.', found \(scanner.describeNext)")
                }
                segments.append(JSONPathQuery.Segment(isDescendant: false, selectors: [selector]))
            } else {
                scanner.position = save
                return segments
            }
        }
    }

    /// What follows `..`: a bracketed selection, `*` or a member name.
    private mutating func parseAfterDots() throws(JSONQueryError) -> [JSONPathQuery.Selector] {
        if scanner.peek() == "[" { return try parseBracketed() }
        guard let selector = try parseShorthand() else {
            throw scanner.failure("expected '[', '*' or a member name after '..', found \(scanner.describeNext)")
        }
        return [selector]
    }

    /// `*` or a member name shorthand, or `nil` when neither is next.
    private mutating func parseShorthand() throws(JSONQueryError) -> JSONPathQuery.Selector? {
        if scanner.consume("*") { return .wildcard }
        guard let first = scanner.peek(), Self.isNameFirst(first) else { return nil }
        var name = String.UnicodeScalarView()
        while let scalar = scanner.peek(), Self.isNameFirst(scalar) || QueryScanner.isDigit(scalar) {
            name.append(scalar)
            scanner.position += 1
        }
        return .name(Array(String(name).utf8))
    }

    /// `[` selectors separated by commas `]`.
    private mutating func parseBracketed() throws(JSONQueryError) -> [JSONPathQuery.Selector] {
        scanner.position += 1
        var selectors: [JSONPathQuery.Selector] = []
        while true {
            scanner.skipBlanks()
            selectors.append(try parseSelector())
            scanner.skipBlanks()
            if scanner.consume("]") { return selectors }
            guard scanner.consume(",") else {
                throw scanner.failure("expected ',' or ']', found \(scanner.describeNext)")
            }
        }
    }

    /// A name, `*`, an index, a slice or a filter.
    private mutating func parseSelector() throws(JSONQueryError) -> JSONPathQuery.Selector {
        switch scanner.peek() {
        case "'", "\"":
            return .name(Array(try parseString().utf8))
        case "*":
            scanner.position += 1
            return .wildcard
        case "?":
            scanner.position += 1
            scanner.skipBlanks()
            try scanner.enter()
            defer { scanner.leave() }
            let start = scanner.position
            return .filter(try logical(parseOr(), at: start))
        case ":":
            return try parseSlice(start: nil)
        case let scalar where scalar == "-" || QueryScanner.isDigit(scalar):
            let index = try parseInteger()
            let save = scanner.position
            scanner.skipBlanks()
            if scanner.peek() == ":" { return try parseSlice(start: index) }
            scanner.position = save
            return .index(index)
        default:
            throw scanner.failure(
                "expected a selector (a quoted name, '*', an index, a slice or '?'), found \(scanner.describeNext)")
        }
    }

    /// `:` [end] [`:` [step]], after the start.
    private mutating func parseSlice(start: Int?) throws(JSONQueryError) -> JSONPathQuery.Selector {
        scanner.position += 1
        scanner.skipBlanks()
        let end = try parseOptionalInteger()
        scanner.skipBlanks()
        var step: Int?
        if scanner.consume(":") {
            scanner.skipBlanks()
            step = try parseOptionalInteger()
        }
        return .slice(start: start, end: end, step: step)
    }

    // MARK: - Filter expressions

    /// `a || b || …`.
    private mutating func parseOr() throws(JSONQueryError) -> Operand {
        let start = scanner.position
        let first = try parseAnd()
        var alternatives: [(Operand, Int)] = [(first, start)]
        while true {
            let save = scanner.position
            scanner.skipBlanks()
            guard scanner.consume("||") else {
                scanner.position = save
                break
            }
            scanner.skipBlanks()
            let next = scanner.position
            alternatives.append((try parseAnd(), next))
        }
        guard alternatives.count > 1 else { return first }
        var filters: [JSONPathFilter] = []
        for (operand, column) in alternatives { filters.append(try logical(operand, at: column)) }
        return .logical(.or(filters))
    }

    /// `a && b && …`.
    private mutating func parseAnd() throws(JSONQueryError) -> Operand {
        let start = scanner.position
        let first = try parseBasic()
        var conjuncts: [(Operand, Int)] = [(first, start)]
        while true {
            let save = scanner.position
            scanner.skipBlanks()
            guard scanner.consume("&&") else {
                scanner.position = save
                break
            }
            scanner.skipBlanks()
            let next = scanner.position
            conjuncts.append((try parseBasic(), next))
        }
        guard conjuncts.count > 1 else { return first }
        var filters: [JSONPathFilter] = []
        for (operand, column) in conjuncts { filters.append(try logical(operand, at: column)) }
        return .logical(.and(filters))
    }

    /// `!…`, `(…)`, a comparison, or a single operand (tested or passed on by the caller).
    private mutating func parseBasic() throws(JSONQueryError) -> Operand {
        try scanner.enter()
        defer { scanner.leave() }
        let start = scanner.position
        if scanner.consume("!") {
            scanner.skipBlanks()
            let operandStart = scanner.position
            if scanner.peek() == "(" { return .logical(.not(try parseParenthesized())) }
            return .logical(.not(try logical(try parsePrimary(), at: operandStart)))
        }
        if scanner.peek() == "(" { return .logical(try parseParenthesized()) }
        let left = try parsePrimary()
        let save = scanner.position
        scanner.skipBlanks()
        guard let comparison = parseComparison() else {
            scanner.position = save
            return left
        }
        scanner.skipBlanks()
        let rightStart = scanner.position
        let right = try parsePrimary()
        return .logical(
            .comparison(
                try comparable(left, at: start), comparison, try comparable(right, at: rightStart)))
    }

    /// `(` expression `)`.
    private mutating func parseParenthesized() throws(JSONQueryError) -> JSONPathFilter {
        scanner.position += 1
        scanner.skipBlanks()
        let start = scanner.position
        let filter = try logical(try parseOr(), at: start)
        scanner.skipBlanks()
        guard scanner.consume(")") else { throw scanner.failure("expected ')', found \(scanner.describeNext)") }
        return filter
    }

    /// A comparison operator, or `nil`.
    private mutating func parseComparison() -> JSONPathComparison? {
        for comparison in [JSONPathComparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where scanner.consume(comparison.rawValue) {
            return comparison
        }
        return nil
    }

    /// A literal, a query (`@…`, `$…`) or a function call.
    private mutating func parsePrimary() throws(JSONQueryError) -> Operand {
        let start = scanner.position
        switch scanner.peek() {
        case "@", "$":
            let isRelative = scanner.peek() == "@"
            scanner.position += 1
            return .query(JSONPathQuery(isRelative: isRelative, segments: try parseSegments()))
        case "'", "\"":
            return .literal(.string(try parseString()))
        case let scalar where scalar == "-" || QueryScanner.isDigit(scalar):
            return .literal(try parseNumber())
        case let scalar? where ("a"..."z").contains(scalar):
            var name = ""
            while let scalar = scanner.peek(),
                ("a"..."z").contains(scalar) || QueryScanner.isDigit(scalar) || scalar == "_"
            {
                name.unicodeScalars.append(scalar)
                scanner.position += 1
            }
            if scanner.peek() == "(" { return .function(try parseCall(name, at: start)) }
            switch name {
            case "true": return .literal(true)
            case "false": return .literal(false)
            case "null": return .literal(.null)
            default:
                throw scanner.failure(
                    "unknown name '\(name)': expected true, false, null, @, $ or a function call", at: start)
            }
        default:
            throw scanner.failure(
                "expected a literal, '@', '$', '!', '(' or a function call, found \(scanner.describeNext)")
        }
    }

    /// `name(` arguments `)`, checked against the function's parameters.
    private mutating func parseCall(_ name: String, at start: Int) throws(JSONQueryError) -> JSONPathFunctionCall {
        guard let function = JSONPathFunction(rawValue: name) else {
            let known = JSONPathFunction.allCases.map(\.rawValue).joined(separator: ", ")
            throw scanner.failure("unknown function '\(name)'; JSONPath has \(known)", at: start)
        }
        try scanner.enter()
        defer { scanner.leave() }
        scanner.position += 1
        scanner.skipBlanks()
        var arguments: [JSONPathFunctionCall.Argument] = []
        let parameters = function.parameters
        if !scanner.consume(")") {
            while true {
                let argumentStart = scanner.position
                let operand = try parseOr()
                guard arguments.count < parameters.count else {
                    throw scanner.failure("\(name)() takes \(Self.arguments(parameters.count))", at: argumentStart)
                }
                switch parameters[arguments.count] {
                case .value:
                    arguments.append(.value(try comparable(operand, at: argumentStart)))
                case .nodes, .logical:
                    guard case .query(let query) = operand else {
                        throw scanner.failure("\(name)() takes a query (@… or $…) here", at: argumentStart)
                    }
                    arguments.append(.nodes(query))
                }
                scanner.skipBlanks()
                if scanner.consume(")") { break }
                guard scanner.consume(",") else {
                    throw scanner.failure("expected ',' or ')', found \(scanner.describeNext)")
                }
                scanner.skipBlanks()
            }
        }
        guard arguments.count == parameters.count else {
            throw scanner.failure("\(name)() takes \(Self.arguments(parameters.count))", at: start)
        }
        return JSONPathFunctionCall(function: function, arguments: arguments)
    }

    private static func arguments(_ count: Int) -> String { count == 1 ? "1 argument" : "\(count) arguments" }

    // MARK: - Type checks

    /// `operand` where a test is expected: a query (does it select anything?) or a logical function.
    private func logical(_ operand: Operand, at start: Int) throws(JSONQueryError) -> JSONPathFilter {
        switch operand {
        case .logical(let filter): return filter
        case .query(let query): return .exists(query)
        case .function(let call):
            guard call.function.result != .value else {
                throw scanner.failure(
                    "\(call.function.rawValue)() gives a value, not true or false: compare it", at: start)
            }
            return .function(call)
        case .literal:
            throw scanner.failure("a literal is not a test: compare it with something", at: start)
        }
    }

    /// `operand` where a value is expected: a literal, a singular query or a value function.
    private func comparable(_ operand: Operand, at start: Int) throws(JSONQueryError) -> JSONPathComparable {
        switch operand {
        case .literal(let value): return .literal(value)
        case .query(let query):
            guard query.isSingular else {
                throw scanner.failure(
                    "this query can select several nodes; only one with names and indices can be compared",
                    at: start)
            }
            return .query(query)
        case .function(let call):
            guard call.function.result == .value else {
                throw scanner.failure("\(call.function.rawValue)() gives true or false, not a value", at: start)
            }
            return .function(call)
        case .logical:
            throw scanner.failure("a test cannot be compared or passed as a value", at: start)
        }
    }

    // MARK: - Tokens

    /// A member name's first character: a letter, `_` or any non-ASCII character.
    private static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    /// An integer as RFC 9535 allows it: no leading zeros, no `-0`, within ±(2^53 - 1).
    private mutating func parseInteger() throws(JSONQueryError) -> Int {
        let start = scanner.position
        let negative = scanner.consume("-")
        guard QueryScanner.isDigit(scanner.peek()) else {
            throw scanner.failure("expected a digit, found \(scanner.describeNext)")
        }
        var digits = ""
        while let scalar = scanner.peek(), QueryScanner.isDigit(scalar) {
            digits.unicodeScalars.append(scalar)
            scanner.position += 1
        }
        if digits.count > 1, digits.hasPrefix("0") { throw scanner.failure("a leading zero in \(digits)", at: start) }
        if negative, digits == "0" { throw scanner.failure("-0 is not an index", at: start) }
        guard let magnitude = Int(digits), magnitude <= Self.largestInteger else {
            throw scanner.failure("\(negative ? "-" : "")\(digits) is out of range (±2^53-1)", at: start)
        }
        return negative ? -magnitude : magnitude
    }

    /// An integer when one is next, else `nil`.
    private mutating func parseOptionalInteger() throws(JSONQueryError) -> Int? {
        guard let scalar = scanner.peek(), scalar == "-" || QueryScanner.isDigit(scalar) else { return nil }
        return try parseInteger()
    }

    /// The largest integer JSONPath allows, 2^53 - 1.
    private static let largestInteger = 9_007_199_254_740_991

    /// A number literal: an integer (or `-0`), an optional fraction and an optional exponent.
    private mutating func parseNumber() throws(JSONQueryError) -> JSONValue {
        let start = scanner.position
        _ = scanner.consume("-")
        guard QueryScanner.isDigit(scanner.peek()) else {
            throw scanner.failure("expected a digit, found \(scanner.describeNext)")
        }
        if scanner.consume("0") {
            if QueryScanner.isDigit(scanner.peek()) { throw scanner.failure("a number with a leading zero", at: start) }
        } else {
            while QueryScanner.isDigit(scanner.peek()) { scanner.position += 1 }
        }
        if scanner.consume(".") {
            guard QueryScanner.isDigit(scanner.peek()) else {
                throw scanner.failure("expected a digit after '.', found \(scanner.describeNext)")
            }
            while QueryScanner.isDigit(scanner.peek()) { scanner.position += 1 }
        }
        if scanner.peek() == "e" || scanner.peek() == "E" {
            scanner.position += 1
            if !scanner.consume("-") { _ = scanner.consume("+") }
            guard QueryScanner.isDigit(scanner.peek()) else {
                throw scanner.failure("expected a digit in the exponent, found \(scanner.describeNext)")
            }
            while QueryScanner.isDigit(scanner.peek()) { scanner.position += 1 }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scanner.scalars[start..<scanner.position])
        return .number(JSONNumber(validated: String(text)))
    }

    /// A string in single or double quotes with RFC 9535's escapes.
    private mutating func parseString() throws(JSONQueryError) -> String {
        let start = scanner.position
        guard let quote = scanner.peek() else { throw scanner.failure("expected a string") }
        scanner.position += 1
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = scanner.peek() else { throw scanner.failure("unterminated string", at: start) }
            if scalar == quote {
                scanner.position += 1
                return String(value)
            }
            if scalar.value < 0x20 {
                throw scanner.failure("a control character in a string must be escaped (\\n, \\t, \\u00XX)")
            }
            scanner.position += 1
            guard scalar == "\\" else {
                value.append(scalar)
                continue
            }
            value.append(try parseEscape(quote: quote))
        }
    }

    /// The character an escape after `\` stands for.
    private mutating func parseEscape(quote: Unicode.Scalar) throws(JSONQueryError) -> Unicode.Scalar {
        let escapeStart = scanner.position - 1
        guard let escaped = scanner.peek() else { throw scanner.failure("unterminated string") }
        scanner.position += 1
        switch escaped {
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "/", "\\": return escaped
        case "u":
            let unit = try parseHex()
            if (0xDC00...0xDFFF).contains(unit) {
                throw scanner.failure("a low surrogate without a high one before it", at: escapeStart)
            }
            guard (0xD800...0xDBFF).contains(unit) else {
                return Unicode.Scalar(unit) ?? "\u{FFFD}"
            }
            guard scanner.consume("\\u") else {
                throw scanner.failure("a high surrogate must be followed by a \\u low surrogate", at: escapeStart)
            }
            let low = try parseHex()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw scanner.failure("a high surrogate must be followed by a low one", at: escapeStart)
            }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        default:
            guard escaped == quote else {
                throw scanner.failure("invalid escape '\\\(Character(escaped))'", at: escapeStart)
            }
            return escaped
        }
    }

    /// Four hexadecimal digits.
    private mutating func parseHex() throws(JSONQueryError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = scanner.peek(), scalar.isASCII,
                let digit = JSONStringDecoder.hexValue(UInt8(scalar.value))
            else { throw scanner.failure("expected 4 hexadecimal digits after \\u") }
            unit = unit << 4 | digit
            scanner.position += 1
        }
        return unit
    }
}
