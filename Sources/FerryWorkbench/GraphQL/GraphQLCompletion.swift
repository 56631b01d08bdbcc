/// What completes the name being typed at a cursor in a GraphQL query, from a schema: the fields of the type
/// whose selection set the cursor is in, the arguments of the field whose parentheses it is in (or an enum
/// argument's values after its `:`), the type names after `on` or after a variable's `:`.
///
/// ```swift
/// let completion = GraphQLCompletion(before: "{ hero(id: 1) { na", schema: schema)
/// completion?.candidates.map(\.name)  // ["name"]
/// completion?.partial                 // "na"
/// ```
public struct GraphQLCompletion: Sendable, Hashable {
    /// What a candidate is.
    public enum Kind: Sendable, Hashable {
        /// A field of the type at the cursor.
        case field
        /// An argument of the field whose parentheses hold the cursor.
        case argument
        /// A type name.
        case type
        /// A value of an enum argument.
        case enumValue
    }

    /// One name that may be typed, with what the list shows beside it.
    public struct Candidate: Sendable, Hashable {
        /// The name to insert.
        public var name: String
        /// The type or signature shown beside it: `hero(id: ID!): Hero`, `id: ID!`, `OBJECT`.
        public var detail: String
        /// What it is.
        public var kind: Kind
    }

    /// The part of the name already typed before the cursor (replaced by the chosen candidate).
    public var partial: String
    /// The names that start with ``partial``, in the schema's order (the name typed in full left out).
    public var candidates: [Candidate]

    /// The completion for a cursor after `before` (the query's text up to the cursor), or `nil` when nothing
    /// completes there (in a string, a comment, a value, or where the schema knows no type).
    public init?(before: String, schema: GraphQLSchema) {
        let partial = String(
            String.UnicodeScalarView(before.unicodeScalars.reversed().prefix { Self.isNameScalar($0) }.reversed()))
        guard partial.first.map({ !$0.isNumber }) ?? true else { return nil }
        let head = String(before.unicodeScalars.dropLast(partial.unicodeScalars.count))
        guard !Self.endsInComment(head), let tokens = try? GraphQLLexer.tokens(in: head) else { return nil }
        var walk = GraphQLCursorWalk(schema: schema)
        for token in tokens where token.kind != .end { walk.take(token) }
        let all = walk.candidates()
        let matching = all.filter { $0.name.hasPrefix(partial) && $0.name != partial }
        guard !matching.isEmpty else { return nil }
        self.partial = partial
        candidates = matching
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// Whether the last line of `text` has a `#` outside a string (the cursor is then in a comment).
    static func endsInComment(_ text: String) -> Bool {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        var inString = false
        var escaped = false
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "#" {
                return true
            }
        }
        return false
    }
}
