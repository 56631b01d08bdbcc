import FerryHTTP

/// Splits GraphQL text into ``GraphQLToken``s, skipping white space, commas and `#` comments.
///
/// ```swift
/// let tokens = try GraphQLLexer.tokens(in: "query Hero { hero { name } }")
/// tokens.map(\.text)  // ["query", "Hero", "{", "hero", "{", "name", "}", "}", ""]
/// ```
public struct GraphQLLexer {
    /// The most tokens one text may hold; a longer query is refused rather than parsed without bound.
    public static let maximumTokens = 200_000

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    private init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// Every token of `text`, ending with one ``GraphQLToken/Kind/end`` token.
    public static func tokens(in text: String) throws(GraphQLSyntaxError) -> [GraphQLToken] {
        var lexer = GraphQLLexer(text)
        var tokens: [GraphQLToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
            if tokens.count > maximumTokens {
                throw GraphQLSyntaxError(
                    "the query holds more than \(maximumTokens) tokens", line: token.line, column: token.column)
            }
        }
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> GraphQLSyntaxError {
        GraphQLSyntaxError(message, line: line, column: column)
    }

    private mutating func newLine(after position: Int) {
        line += 1
        lineStart = position + 1
    }

    private mutating func skipIgnored() {
        while index < scalars.count {
            switch scalars[index] {
            case " ", "\t", ",", "\u{FEFF}": index += 1
            case "\n":
                newLine(after: index)
                index += 1
            case "\r":
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                newLine(after: index)
                index += 1
            case "#":
                while index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
            default: return
            }
        }
    }

    private mutating func next() throws(GraphQLSyntaxError) -> GraphQLToken {
        skipIgnored()
        let startLine = line
        let startColumn = column
        func token(_ kind: GraphQLToken.Kind, _ text: String) -> GraphQLToken {
            GraphQLToken(kind: kind, text: text, line: startLine, column: startColumn)
        }
        guard index < scalars.count else { return token(.end, "") }
        let scalar = scalars[index]
        if "!$&():=@[]{|}".unicodeScalars.contains(scalar) {
            index += 1
            return token(.punctuator, String(Character(scalar)))
        }
        if scalar == "." {
            guard index + 2 < scalars.count, scalars[index + 1] == ".", scalars[index + 2] == "." else {
                throw error("expected '...', found a lone '.'")
            }
            index += 3
            return token(.punctuator, "...")
        }
        if Self.isNameStart(scalar) {
            let start = index
            while index < scalars.count, Self.isNameStart(scalars[index]) || Self.isDigit(scalars[index]) {
                index += 1
            }
            return token(.name, Self.string(scalars[start..<index]))
        }
        if scalar == "-" || Self.isDigit(scalar) { return try number(token) }
        if scalar == "\"" { return token(.string, try string()) }
        throw error("unexpected character \(InputExcerpt.name(of: scalar))")
    }

    private mutating func number(
        _ token: (GraphQLToken.Kind, String) -> GraphQLToken
    ) throws(GraphQLSyntaxError) -> GraphQLToken {
        let start = index
        if scalars[index] == "-" { index += 1 }
        let digitsStart = index
        while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
        if index == digitsStart { throw error("expected a digit after '-'") }
        if index - digitsStart > 1, scalars[digitsStart] == "0" {
            throw GraphQLSyntaxError("a number cannot start with 0", line: line, column: digitsStart - lineStart + 1)
        }
        var isFloat = false
        if index < scalars.count, scalars[index] == "." {
            isFloat = true
            index += 1
            let fraction = index
            while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
            if index == fraction { throw error("expected a digit after '.'") }
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            isFloat = true
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            let exponent = index
            while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
            if index == exponent { throw error("expected a digit in the exponent") }
        }
        if index < scalars.count, Self.isNameStart(scalars[index]) || scalars[index] == "." {
            throw error("unexpected character \(InputExcerpt.name(of: scalars[index])) after a number")
        }
        return token(isFloat ? .float : .int, Self.string(scalars[start..<index]))
    }

    private mutating func string() throws(GraphQLSyntaxError) -> String {
        if index + 2 < scalars.count, scalars[index + 1] == "\"", scalars[index + 2] == "\"" {
            return try blockString()
        }
        let openLine = line
        let openColumn = column
        index += 1
        var value = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" { break }
            index += 1
            if scalar == "\"" { return String(value) }
            guard scalar == "\\" else {
                value.append(scalar)
                continue
            }
            guard index < scalars.count else { break }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "\"", "\\", "/": value.append(escaped)
            case "b": value.append("\u{08}")
            case "f": value.append("\u{0C}")
            case "n": value.append("\n")
            case "r": value.append("\r")
            case "t": value.append("\t")
            case "u": value.append(try unicodeEscape())
            default: throw error("invalid escape \\\(InputExcerpt(String(Character(escaped))).unquoted) in a string")
            }
        }
        throw GraphQLSyntaxError("unterminated string", line: openLine, column: openColumn)
    }

    private mutating func unicodeEscape() throws(GraphQLSyntaxError) -> Unicode.Scalar {
        guard index + 4 <= scalars.count else { throw error("expected four hex digits after \\u") }
        let hex = Self.string(scalars[index..<index + 4])
        guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
            throw error("expected four hex digits of a character after \\u")
        }
        index += 4
        return scalar
    }

    private mutating func blockString() throws(GraphQLSyntaxError) -> String {
        let openLine = line
        let openColumn = column
        index += 3
        var raw = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"", index + 2 < scalars.count, scalars[index + 1] == "\"", scalars[index + 2] == "\"" {
                index += 3
                return String(raw)
            }
            if scalar == "\\", index + 3 < scalars.count, scalars[index + 1] == "\"", scalars[index + 2] == "\"",
                scalars[index + 3] == "\""
            {
                raw.append(contentsOf: "\"\"\"".unicodeScalars)
                index += 4
                continue
            }
            if scalar == "\n" { newLine(after: index) }
            raw.append(scalar)
            index += 1
        }
        throw GraphQLSyntaxError("unterminated block string", line: openLine, column: openColumn)
    }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: slice)
        return String(view)
    }
}
