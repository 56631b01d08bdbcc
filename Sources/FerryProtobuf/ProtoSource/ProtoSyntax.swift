/// A `.proto` file as written, before its type names are resolved (``ProtoSourceLoader`` resolves them against
/// the file's imports and makes a ``FileDescriptor``).
struct ProtoFileSyntax: Sendable, Hashable {
    /// An `import` statement: the file it names and where.
    struct Import: Sendable, Hashable {
        var name: String
        var line: Int
        var column: Int
    }

    var name: String
    /// `proto2` (the default), `proto3` or `editions`.
    var syntax = "proto2"
    var package = ""
    var imports: [Import] = []
    var messages: [ProtoMessageSyntax] = []
    var enums: [EnumDescriptor] = []
    var services: [ProtoServiceSyntax] = []

    /// Whether fields follow proto3's rules (editions are read as proto3 is, as ``FileDescriptor`` does).
    var isProto3: Bool { syntax != "proto2" }
}

/// A message type as written: its own name, fields whose types are names still to resolve, nested types.
struct ProtoMessageSyntax: Sendable, Hashable {
    var name: String
    var fields: [ProtoFieldSyntax] = []
    var oneofNames: [String] = []
    var messages: [ProtoMessageSyntax] = []
    var enums: [EnumDescriptor] = []
    var isMapEntry = false
}

/// A field as written.
struct ProtoFieldSyntax: Sendable, Hashable {
    /// A scalar type, or a type name as written (`Foo`, `.pkg.Foo`, `Outer.Inner`) to resolve.
    enum TypeReference: Sendable, Hashable {
        case scalar(FieldType)
        case named(String)
    }

    var name: String
    var number: Int32
    var type: TypeReference
    var isRepeated = false
    var isGroup = false
    var oneofIndex: Int?
    var isProto3Optional = false
    var jsonName: String?
    var packed: Bool?
    /// Where the type is named, for an error when it names nothing.
    var line: Int
    var column: Int
}

/// A service as written.
struct ProtoServiceSyntax: Sendable, Hashable {
    /// A method as written, its message types still names.
    struct Method: Sendable, Hashable {
        var name: String
        var inputType: String
        var outputType: String
        var isClientStreaming: Bool
        var isServerStreaming: Bool
        var line: Int
        var column: Int
    }

    var name: String
    var methods: [Method] = []
}
