/// The message, enum and service types of a set of `.proto` files, looked up by full name.
///
/// ```swift
/// var pool = DescriptorPool()
/// try pool.add(fileDescriptorSet: bytesFromProtoc)   // protoc --descriptor_set_out --include_imports
/// let codec = MessageCodec(pool: pool)
/// let bytes = try codec.encode(["id": 8], as: "members.GetMemberRequest")
/// ```
public struct DescriptorPool: Sendable, Hashable {
    /// The files added, by name.
    public private(set) var files: [String: FileDescriptor] = [:]
    private var messages: [String: MessageDescriptor] = [:]
    private var enums: [String: EnumDescriptor] = [:]
    private var services: [String: ServiceDescriptor] = [:]
    /// The file that declares each symbol (message, enum, service or `Service.Method`).
    private var symbols: [String: String] = [:]

    /// An empty pool.
    public init() {}

    /// A pool holding `files`.
    public init(files: [FileDescriptor]) {
        for file in files { add(file) }
    }

    /// Adds `file`; a file already added under its name is replaced.
    public mutating func add(_ file: FileDescriptor) {
        files[file.name] = file
        for message in file.messages {
            messages[message.fullName] = message
            symbols[message.fullName] = file.name
        }
        for value in file.enums {
            enums[value.fullName] = value
            symbols[value.fullName] = file.name
        }
        for service in file.services {
            services[service.fullName] = service
            symbols[service.fullName] = file.name
            for method in service.methods { symbols[service.fullName + "." + method.name] = file.name }
        }
    }

    /// Adds each serialized `FileDescriptorProto` in `files`.
    public mutating func add(serializedFiles files: [[UInt8]]) throws(ProtobufError) {
        for bytes in files { add(try FileDescriptor(serialized: bytes)) }
    }

    /// Adds the files of a serialized `FileDescriptorSet` (`protoc --descriptor_set_out`).
    public mutating func add(fileDescriptorSet bytes: [UInt8]) throws(ProtobufError) {
        var reader = WireReader(bytes)
        while let tag = try reader.tag() {
            if tag.number == 1, tag.wireType == .lengthDelimited {
                add(try FileDescriptor(serialized: Array(reader.slice(try reader.lengthDelimited()))))
            } else {
                try reader.skip(tag.wireType, number: tag.number)
            }
        }
    }

    /// A serialized `FileDescriptorSet` holding the serialized `FileDescriptorProto`s `files`, as protoc writes one.
    public static func fileDescriptorSet(serializedFiles files: [[UInt8]]) -> [UInt8] {
        var writer = WireWriter()
        for file in files { writer.lengthDelimited(1, file) }
        return writer.bytes
    }

    /// The message type named `fullName` (`package.Message`, a leading dot allowed).
    public func message(_ fullName: String) -> MessageDescriptor? { messages[Self.trimmed(fullName)] }

    /// The enum type named `fullName`.
    public func enumType(_ fullName: String) -> EnumDescriptor? { enums[Self.trimmed(fullName)] }

    /// The service named `fullName` (`package.Service`).
    public func service(_ fullName: String) -> ServiceDescriptor? { services[Self.trimmed(fullName)] }

    /// Every service, sorted by full name.
    public var allServices: [ServiceDescriptor] { services.values.sorted { $0.fullName < $1.fullName } }

    /// The name of the file that declares `symbol`, when added.
    public func file(declaring symbol: String) -> String? { symbols[Self.trimmed(symbol)] }

    /// Whether `symbol` is declared by a file in the pool.
    public func contains(symbol: String) -> Bool { symbols[Self.trimmed(symbol)] != nil }

    private static func trimmed(_ name: String) -> String {
        name.hasPrefix(".") ? String(name.dropFirst()) : name
    }
}
