import FerryHTTP

/// One token of the GraphQL language (October 2021 specification), with where it starts.
public struct GraphQLToken: Sendable, Hashable {
    /// What kind of token it is.
    public enum Kind: Sendable, Hashable {
        /// One of `! $ & ( ) ... : = @ [ ] { | }`.
        case punctuator
        /// A name: `[_A-Za-z][_0-9A-Za-z]*`.
        case name
        /// An integer value.
        case int
        /// A float value.
        case float
        /// A string or block string; ``GraphQLToken/text`` holds its decoded value.
        case string
        /// The end of the input.
        case end
    }

    /// What kind of token it is.
    public var kind: Kind
    /// The token's text: the punctuator, name or number as written, a string's value (a block string's
    /// lines as written, not dedented).
    public var text: String
    /// The 1-based line where the token starts.
    public var line: Int
    /// The 1-based column where the token starts, in Unicode scalars.
    public var column: Int

    /// Whether this is the punctuator `text`.
    func isPunctuator(_ text: String) -> Bool { kind == .punctuator && self.text == text }

    /// Whether this is the name `text`.
    func isName(_ text: String) -> Bool { kind == .name && self.text == text }

    /// The token as an error message shows it: `'{'`, `name 'hero'`, `the end of the query`.
    var shown: String {
        switch kind {
        case .end: "the end of the query"
        case .punctuator: "'\(text)'"
        case .name: "name '\(InputExcerpt(text).unquoted)'"
        case .int, .float: "number \(InputExcerpt(text).unquoted)"
        case .string: "a string"
        }
    }
}

/// A GraphQL lex, parse or validation error at a line and column of the query.
public struct GraphQLSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what was expected.
    public var message: String
    /// The 1-based line in the query.
    public var line: Int
    /// The 1-based column in the query, in Unicode scalars.
    public var column: Int

    /// Creates an error at `line`:`column`.
    public init(_ message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line 2, column 5: expected a name, found '}'`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
