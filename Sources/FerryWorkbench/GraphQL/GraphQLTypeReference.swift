/// A type as written in GraphQL: a name, a list of a type, or a non-null type.
public indirect enum GraphQLTypeReference: Sendable, Hashable, CustomStringConvertible {
    /// `Name`.
    case named(String)
    /// `[Type]`.
    case list(GraphQLTypeReference)
    /// `Type!`.
    case nonNull(GraphQLTypeReference)

    /// The innermost type's name (`[ID!]!` → `ID`).
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// Whether a list wraps the type anywhere.
    public var isList: Bool {
        switch self {
        case .named: false
        case .list: true
        case .nonNull(let inner): inner.isList
        }
    }

    /// The type as GraphQL writes it: `[ID!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }
}
