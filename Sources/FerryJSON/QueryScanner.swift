/// The Unicode scalars of a query and a position in them: what both query parsers read with, and how their
/// errors name a column.
struct QueryScanner {
    /// The query as written.
    let text: String
    /// Its Unicode scalars (columns count these).
    let scalars: [Unicode.Scalar]
    /// The index of the next scalar to read.
    var position = 0
    /// How deeply the parser has nested (parentheses, filters, calls), bounded so a hostile query cannot
    /// exhaust the stack.
    private var depth = 0

    /// The deepest nesting a query may have.
    static let maximumDepth = 200

    init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    /// Whether every scalar was read.
    var isAtEnd: Bool { position >= scalars.count }

    /// The scalar `offset` places ahead, or `nil` past the end.
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// Reads `expected` when it comes next.
    mutating func consume(_ expected: String) -> Bool {
        var offset = 0
        for scalar in expected.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        position += offset
        return true
    }

    /// Skips spaces, tabs, line feeds and carriage returns (RFC 9535's blank space; jq's too).
    mutating func skipBlanks() {
        while let scalar = peek(), Self.isBlank(scalar) { position += 1 }
    }

    /// Whether `scalar` is blank space.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// Whether `scalar` is an ASCII digit.
    static func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return ("0"..."9").contains(scalar)
    }

    /// Counts one more level of nesting; throws past ``maximumDepth``.
    mutating func enter() throws(JSONQueryError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("the query nests more than \(Self.maximumDepth) deep") }
    }

    /// Counts one level of nesting less.
    mutating func leave() { depth -= 1 }

    /// What comes next, in words: `'x'`, `a space`, or `the end of the query`.
    var describeNext: String {
        guard let scalar = peek() else { return "the end of the query" }
        switch scalar {
        case " ": return "a space"
        case "\t": return "a tab"
        case "\n", "\r": return "a line break"
        default:
            return scalar.value < 0x20 ? "a control character" : "'\(Character(scalar))'"
        }
    }

    /// An error at `index` (default: the current position), as a 1-based column.
    func failure(_ message: String, at index: Int? = nil) -> JSONQueryError {
        JSONQueryError(message: message, column: (index ?? position) + 1, query: text)
    }
}
