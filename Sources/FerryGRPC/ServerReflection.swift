import FerryHTTP
import FerryJSON
import FerryProtobuf
import Foundation

/// A client of gRPC server reflection (`grpc.reflection.v1.ServerReflection`, falling back to `v1alpha` when the
/// server has only that): the services a server offers and the file descriptors that declare them.
///
/// Reflection is a bidirectional stream; each question here is a stream of its own with one request and one
/// response, which every server answers.
///
/// ```swift
/// let reflection = ServerReflection(client: client, endpoint: target)
/// let services = try await reflection.services()             // ["ferry.test.Echo", …]
/// let pool = try await reflection.descriptors(containing: ["ferry.test.Echo"])
/// ```
public struct ServerReflection: Sendable {
    /// The HTTP client the calls go through.
    public let client: HTTPClient
    /// The server (its service and method are not used).
    public let endpoint: GRPCTarget
    /// Sets TLS options and the like on each call's HTTP request.
    public let configure: @Sendable (inout HTTPRequest) -> Void
    /// Metadata sent with each call.
    public let metadata: HTTPHeaders

    /// A reflection client for `endpoint`'s server.
    public init(
        client: HTTPClient, endpoint: GRPCTarget, metadata: HTTPHeaders = [:],
        configure: @escaping @Sendable (inout HTTPRequest) -> Void = { _ in }
    ) {
        self.client = client
        self.endpoint = endpoint
        self.metadata = metadata
        self.configure = configure
    }

    /// The reflection services, newest first.
    static let versions = ["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"]

    /// The full names of the services the server lists.
    public func services() async throws -> [String] {
        let response = try await ask(["listServices": ""])
        let services = response["listServicesResponse"]?.objectValue?["service"]?.arrayValue ?? []
        return services.compactMap { $0.objectValue?["name"]?.stringValue }
    }

    /// The files declaring `symbols` (services, methods or types) and every file they import, in a pool.
    public func descriptors(containing symbols: [String]) async throws -> DescriptorPool {
        var pool = DescriptorPool()
        try pool.add(serializedFiles: try await serializedFiles(containing: symbols))
        return pool
    }

    /// The serialized `FileDescriptorProto`s of the files declaring `symbols` and of every file they import, as
    /// the server sent them (for a cache).
    public func serializedFiles(containing symbols: [String]) async throws -> [[UInt8]] {
        var pool = DescriptorPool()
        var serialized: [[UInt8]] = []
        func add(_ files: [[UInt8]]) throws {
            for bytes in files {
                let file = try FileDescriptor(serialized: bytes)
                guard pool.files[file.name] == nil else { continue }
                pool.add(file)
                serialized.append(bytes)
            }
        }
        for symbol in symbols where !pool.contains(symbol: symbol) {
            try add(try await files(["fileContainingSymbol": .string(symbol)]))
        }
        // Imports the server did not send along.
        var asked: Set<String> = []
        while let name = Self.missingDependencies(of: pool).first(where: { !asked.contains($0) }) {
            asked.insert(name)
            try add(try await files(["fileByFilename": .string(name)]))
        }
        return serialized
    }

    private static func missingDependencies(of pool: DescriptorPool) -> [String] {
        pool.files.values.flatMap(\.dependencies).filter { pool.files[$0] == nil }.sorted()
    }

    private func files(_ request: JSONObject) async throws -> [[UInt8]] {
        let response = try await ask(request)
        let encoded = response["fileDescriptorResponse"]?.objectValue?["fileDescriptorProto"]?.arrayValue ?? []
        return try encoded.map { value in
            guard let text = value.stringValue, let bytes = Data(base64Encoded: text) else {
                throw ReflectionError.malformed("a file descriptor is not bytes")
            }
            return [UInt8](bytes)
        }
    }

    /// One request on a stream of its own, and its one response (an `error_response` thrown).
    private func ask(_ request: JSONObject) async throws -> JSONObject {
        let codec = MessageCodec(pool: ReflectionDescriptors.pool)
        var lastStatus: GRPCStatus?
        for service in Self.versions {
            let message = try codec.encode(.object(request), as: ReflectionDescriptors.request)
            let call = GRPCCall(
                target: endpoint.calling(service, "ServerReflectionInfo"), metadata: metadata, messages: [message],
                timeout: .seconds(30))
            let response = try await client.grpc(call, configure: configure)
            guard response.status.isOK else {
                lastStatus = response.status
                if response.status.code == .unimplemented || response.status == .streamReset { continue }
                throw ReflectionError.failed(response.status)
            }
            guard let first = response.messages.first else { throw ReflectionError.malformed("no response came") }
            guard case .object(let answer) = try codec.decode(first, as: ReflectionDescriptors.response) else {
                throw ReflectionError.malformed("the response is not a message")
            }
            if let error = answer["errorResponse"]?.objectValue {
                let code = error["errorCode"]?.intValue.flatMap(GRPCStatus.Code.init(rawValue:)) ?? .unknown
                throw ReflectionError.failed(GRPCStatus(code, message: error["errorMessage"]?.stringValue ?? ""))
            }
            return answer
        }
        throw ReflectionError.unavailable(lastStatus ?? GRPCStatus(.unimplemented))
    }
}

/// Why server reflection gave no answer.
public enum ReflectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server offers neither reflection service (reflection is off).
    case unavailable(GRPCStatus)
    /// The server answered with this status or error.
    case failed(GRPCStatus)
    /// The answer could not be read.
    case malformed(String)

    /// In words.
    public var description: String {
        switch self {
        case .unavailable(let status):
            "the server offers no reflection (\(status)): name a descriptor set (protoc --descriptor_set_out "
                + "--include_imports) with # @proto"
        case .failed(let status): "reflection failed: \(status)"
        case .malformed(let why): "reflection's answer could not be read: \(why)"
        }
    }
}
