/// What a GraphQL endpoint serves: its types with their fields and arguments, and its root types.
///
/// Read from an introspection result (``GraphQLSchema/init(introspection:)``) or from SDL text
/// (``GraphQLSchemaParser``); used to complete and check queries and to import one request per root field.
public struct GraphQLSchema: Sendable, Hashable {
    /// The name of the query root type.
    public var queryType: String
    /// The name of the mutation root type, if any.
    public var mutationType: String?
    /// The types, in the order they were read.
    public var types: [GraphQLNamedType]

    /// A schema of `types` with these root types.
    public init(queryType: String, mutationType: String? = nil, types: [GraphQLNamedType]) {
        self.queryType = queryType
        self.mutationType = mutationType
        self.types = types
    }

    /// The type called `name`.
    public func type(named name: String) -> GraphQLNamedType? {
        types.first { $0.name == name }
    }

    /// The field `name` of the type `typeName` (objects and interfaces).
    public func field(_ name: String, of typeName: String) -> GraphQLFieldDefinition? {
        type(named: typeName)?.fields.first { $0.name == name }
    }
}

/// One named type of a schema.
public struct GraphQLNamedType: Sendable, Hashable {
    /// What sort of type it is, as introspection names it.
    public enum Kind: String, Sendable, Hashable {
        /// `scalar`.
        case scalar = "SCALAR"
        /// `type`.
        case object = "OBJECT"
        /// `interface`.
        case interface = "INTERFACE"
        /// `union`.
        case union = "UNION"
        /// `enum`.
        case enumeration = "ENUM"
        /// `input`.
        case inputObject = "INPUT_OBJECT"
    }

    /// The type's name.
    public var name: String
    /// What sort of type it is.
    public var kind: Kind
    /// Its fields (objects and interfaces).
    public var fields: [GraphQLFieldDefinition]
    /// Its input fields (input objects).
    public var inputFields: [GraphQLInputValue]
    /// Its values (enums).
    public var enumValues: [String]

    /// A type called `name` of `kind`.
    public init(
        name: String, kind: Kind, fields: [GraphQLFieldDefinition] = [], inputFields: [GraphQLInputValue] = [],
        enumValues: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.fields = fields
        self.inputFields = inputFields
        self.enumValues = enumValues
    }

    /// Whether a field of this type is a leaf (needs no selection set).
    public var isLeaf: Bool { kind == .scalar || kind == .enumeration }
}

/// A field of an object or interface type.
public struct GraphQLFieldDefinition: Sendable, Hashable {
    /// The field's name.
    public var name: String
    /// Its arguments, in order.
    public var arguments: [GraphQLInputValue]
    /// The type it returns.
    public var type: GraphQLTypeReference

    /// A field `name` of `type` taking `arguments`.
    public init(name: String, arguments: [GraphQLInputValue] = [], type: GraphQLTypeReference) {
        self.name = name
        self.arguments = arguments
        self.type = type
    }
}

/// An argument or input field: a name, a type and an optional default value (as GraphQL writes it).
public struct GraphQLInputValue: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The type.
    public var type: GraphQLTypeReference
    /// The default value as written, if any.
    public var defaultValue: String?

    /// An input value `name` of `type`.
    public init(name: String, type: GraphQLTypeReference, defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}
