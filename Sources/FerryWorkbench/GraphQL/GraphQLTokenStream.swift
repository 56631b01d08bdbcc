/// The tokens a GraphQL parser reads, with the expectations both parsers share.
struct GraphQLTokenStream {
    /// How deeply selections, values and types may nest before the text is refused (so a hostile query
    /// cannot exhaust the stack).
    static let maximumDepth = 64

    let tokens: [GraphQLToken]
    var index = 0
    var depth = 0

    init(_ text: String) throws(GraphQLSyntaxError) {
        tokens = try GraphQLLexer.tokens(in: text)
    }

    /// The current token (the end token once the text is used up).
    var current: GraphQLToken { tokens[min(index, tokens.count - 1)] }

    mutating func advance() -> GraphQLToken {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func error(_ expected: String) -> GraphQLSyntaxError {
        GraphQLSyntaxError("expected \(expected), found \(current.shown)", line: current.line, column: current.column)
    }

    /// Skips the punctuator `text` if it is next; whether it was.
    mutating func skip(_ text: String) -> Bool {
        guard current.isPunctuator(text) else { return false }
        index += 1
        return true
    }

    mutating func expect(_ text: String) throws(GraphQLSyntaxError) {
        guard skip(text) else { throw error("'\(text)'") }
    }

    mutating func name(_ what: String = "a name") throws(GraphQLSyntaxError) -> GraphQLToken {
        guard current.kind == .name else { throw error(what) }
        return advance()
    }

    mutating func enter() throws(GraphQLSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw GraphQLSyntaxError(
                "nested more than \(Self.maximumDepth) levels deep", line: current.line, column: current.column)
        }
    }

    mutating func leave() { depth -= 1 }

    /// `Name`, `[Type]`, `Type!`.
    mutating func typeReference() throws(GraphQLSyntaxError) -> GraphQLTypeReference {
        try enter()
        defer { leave() }
        var type: GraphQLTypeReference
        if skip("[") {
            type = .list(try typeReference())
            try expect("]")
        } else {
            type = .named(try name("a type").text)
        }
        if skip("!") { type = .nonNull(type) }
        return type
    }

    /// Skips a value (`$var`, a number, a string, a name, a list or an object) and returns it as written
    /// (strings re-quoted), for default values.
    mutating func value() throws(GraphQLSyntaxError) -> String {
        try enter()
        defer { leave() }
        let token = current
        switch token.kind {
        case .int, .float, .name:
            index += 1
            return token.text
        case .string:
            index += 1
            return "\""
                + token.text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .end: throw error("a value")
        case .punctuator:
            if skip("$") { return "$" + (try name("a variable name").text) }
            if skip("[") {
                var items: [String] = []
                while !skip("]") { items.append(try value()) }
                return "[" + items.joined(separator: ", ") + "]"
            }
            if skip("{") {
                var fields: [String] = []
                while !skip("}") {
                    let key = try name("a field name").text
                    try expect(":")
                    fields.append("\(key): \(try value())")
                }
                return "{" + fields.joined(separator: ", ") + "}"
            }
            throw error("a value")
        }
    }

    /// Skips `@name(arguments)` directives.
    mutating func directives() throws(GraphQLSyntaxError) {
        while skip("@") {
            _ = try name("a directive name")
            if skip("(") {
                while !skip(")") {
                    _ = try name("an argument name")
                    try expect(":")
                    _ = try value()
                }
            }
        }
    }
}
