/// A GraphQL executable document (a query as sent): its operations and fragments, with positions.
///
/// ```swift
/// let document = try GraphQLParser.document("query Hero($id: ID!) { hero(id: $id) { name } }")
/// document.operations[0].name  // "Hero"
/// ```
public struct GraphQLDocument: Sendable, Hashable {
    /// The operations, in order.
    public var operations: [GraphQLOperation]
    /// The fragment definitions, in order.
    public var fragments: [GraphQLFragment]

    /// The name to send as `operationName`: the name of the only operation; `nil` when it is anonymous or
    /// there are several (the server then needs the caller to pick one).
    public var operationName: String? {
        operations.count == 1 ? operations[0].name : nil
    }
}

/// A `query`, `mutation` or `subscription` (a bare `{ … }` is a query).
public struct GraphQLOperation: Sendable, Hashable {
    /// `query`, `mutation` or `subscription`.
    public var kind: String
    /// The operation's name, if it has one.
    public var name: String?
    /// The variables it declares (`$id: ID!`), names without `$`.
    public var variables: [GraphQLVariableDefinition]
    /// The top-level selections.
    public var selections: [GraphQLSelection]
    /// Where the operation starts.
    public var line: Int
    /// Where the operation starts.
    public var column: Int
}

/// A declared variable: `$name: Type = default`.
public struct GraphQLVariableDefinition: Sendable, Hashable {
    /// The name without `$`.
    public var name: String
    /// The type as written (`[ID!]!`).
    public var type: GraphQLTypeReference
}

/// `fragment Name on Type { … }`.
public struct GraphQLFragment: Sendable, Hashable {
    /// The fragment's name.
    public var name: String
    /// The type it applies to.
    public var typeCondition: String
    /// Its selections.
    public var selections: [GraphQLSelection]
}

/// One entry of a selection set.
public indirect enum GraphQLSelection: Sendable, Hashable {
    /// `alias: name(arguments) { … }`.
    case field(GraphQLField)
    /// `...Name`.
    case fragmentSpread(name: String)
    /// `... on Type { … }` (the type is optional).
    case inlineFragment(typeCondition: String?, selections: [GraphQLSelection])
}

/// A selected field, with where its name is.
public struct GraphQLField: Sendable, Hashable {
    /// The alias, if any.
    public var alias: String?
    /// The field's name.
    public var name: String
    /// The names of its arguments, in order.
    public var arguments: [String]
    /// Its sub-selections (empty for a leaf).
    public var selections: [GraphQLSelection]
    /// The line of the field's name.
    public var line: Int
    /// The column of the field's name.
    public var column: Int
}
