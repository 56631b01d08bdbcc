import FerryGRPC
import FerryHTTP
import FerryJSON
import FerryProtobuf
import Foundation

/// Sends a prepared `GRPC` request: finds the method's descriptors (a `.proto` file or descriptor set named by
/// `# @proto` or the environment, ``GRPCProtoSource``, else
/// `.ferry/grpc`'s cache of what server reflection sent, else server reflection, cached), encodes the body's
/// JSON messages, makes the call over HTTP/2 and decodes the answer.
///
/// ```swift
/// let exchange = try await GRPCSender(client: client, stateFolder: workspace.stateFolder, folder: plan.folder)
///     .send(prepared)
/// exchange.messageLines.forEach { print($0) }
/// ```
public struct GRPCSender: Sendable {
    /// The client the calls go through.
    public let client: HTTPClient
    /// The workspace's `.ferry` folder (for the descriptor cache).
    public let stateFolder: URL
    /// The folder of the request's file (a relative `# @proto` path is read from there).
    public let folder: URL
    /// Where a `# @proto` file may be read from: the workspace's confinement while it is not trusted, else
    /// `nil` (anywhere).
    public var confinement: WorkspaceConfinement?

    /// A sender; see the properties.
    public init(client: HTTPClient, stateFolder: URL, folder: URL) {
        self.client = client
        self.stateFolder = stateFolder
        self.folder = folder
    }

    /// Sends `send` (prepared by ``RequestSender/prepare(_:runningScripts:)``: variables substituted, pre-request
    /// scripts run) and returns the exchange, whatever its status. Throws ``GRPCSendError`` when it cannot be
    /// sent (no descriptors, a body that does not match the request message) or the answer is not gRPC.
    ///
    /// With `onMessage`, a server-streaming call hands each response message to it, as JSON, as soon as it
    /// arrived (``HTTPClient/grpcStreaming(_:configure:onMessage:)``).
    public func send(_ send: PreparedSend, onMessage: (@Sendable (JSONValue) -> Void)? = nil)
        async throws(GRPCSendError)
        -> GRPCExchange
    {
        let prepared = send.prepared
        var target = try Self.target(of: send)
        let (pool, source) = try await descriptors(of: send)
        guard let service = Self.service(named: target.service, in: pool) else {
            let known = pool.allServices.map(\.fullName).joined(separator: ", ")
            throw GRPCSendError(
                "\(source) has no service \(target.service) (services: \(known.isEmpty ? "none" : known))")
        }
        target.service = service.fullName
        guard let method = service.method(named: target.method) else {
            throw GRPCSendError(
                "\(service.fullName) has no method \(target.method) (methods: "
                    + service.methods.map(\.name).joined(separator: ", ") + ")")
        }
        let body = prepared.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let requestMessages = try GRPCRequestMessages.parse(body)
        if requestMessages.count > 1 && !method.isClientStreaming {
            throw GRPCSendError(
                "\(method.name) is a \(method.kind) method and takes one request message; the body has \(requestMessages.count)"
            )
        }
        let codec = MessageCodec(pool: pool)
        var encoded: [[UInt8]] = []
        for (index, message) in requestMessages.enumerated() {
            do {
                encoded.append(try codec.encode(message, as: method.inputType))
            } catch {
                let which = requestMessages.count > 1 ? "request message \(index + 1)" : "the request message"
                throw GRPCSendError("\(which) does not match \(method.inputType): \(error)")
            }
        }
        var metadata = HTTPHeaders()
        for header in prepared.headers { metadata.add(header.name, header.value) }
        let call = GRPCCall(target: target, metadata: metadata, messages: encoded, timeout: send.request.timeout)
        let template = send.request
        let response: GRPCResponse
        do {
            if let onMessage, method.isServerStreaming {
                let outputType = method.outputType
                response = try await client.grpcStreaming(call) {
                    Self.applyConnectionSettings(of: template, to: &$0)
                } onMessage: { bytes in
                    if let json = try? codec.decode(bytes, as: outputType) { onMessage(json) }
                }
            } else {
                response = try await client.grpc(call) { Self.applyConnectionSettings(of: template, to: &$0) }
            }
        } catch {
            throw GRPCSendError("\(error)")
        }
        var decoded: [JSONValue] = []
        for message in response.messages {
            do {
                decoded.append(try codec.decode(message, as: method.outputType))
            } catch {
                throw GRPCSendError("response message \(decoded.count + 1) is not a \(method.outputType): \(error)")
            }
        }
        return GRPCExchange(
            target: target, service: service.fullName, method: method, requestMessages: requestMessages,
            responseMessages: decoded, response: response, descriptorSource: source)
    }

    /// The descriptors a call of `send` uses, and where they came from: the `.proto` file or descriptor set
    /// ``GRPCProtoSource`` names, else `.ferry/grpc`'s cache when it has the service, else server reflection
    /// (written to the cache). The workbench asks for them once per endpoint, to complete and check bodies.
    public func descriptors(of send: PreparedSend) async throws(GRPCSendError) -> (pool: DescriptorPool, source: String)
    {
        let target = try Self.target(of: send)
        let proto: GRPCProtoSource?
        do {
            proto = try GRPCProtoSource(
                directives: send.plan.request.request.directives, context: send.context, folder: folder)
        } catch {
            throw GRPCSendError("\(error)")
        }
        return try await descriptors(for: target, proto: proto, request: send.request)
    }

    /// The method `target` names in `pool` (its service named in full, or without its package when only one
    /// service has that name), or `nil`.
    public static func method(of target: GRPCTarget, in pool: DescriptorPool) -> MethodDescriptor? {
        service(named: target.service, in: pool)?.method(named: target.method)
    }

    /// The target of `send`'s prepared URL.
    static func target(of send: PreparedSend) throws(GRPCSendError) -> GRPCTarget {
        guard let target = GRPCTarget(parsing: send.prepared.url) else {
            throw GRPCSendError(
                "\(send.prepared.maskedURL) is not a gRPC target: write GRPC host:port/package.Service/Method")
        }
        return target
    }

    /// The service `name` names: its full name, or its name without the package when only one service has it.
    static func service(named name: String, in pool: DescriptorPool) -> ServiceDescriptor? {
        if let service = pool.service(name) { return service }
        let matches = pool.allServices.filter { $0.fullName.hasSuffix("." + name) }
        return matches.count == 1 ? matches.first : nil
    }

    /// TLS and connection settings of the request the workbench prepared, carried to the gRPC call.
    static func applyConnectionSettings(of template: HTTPRequest, to request: inout HTTPRequest) {
        request.tlsVerification = template.tlsVerification
        request.certificateAuthorityBundle = template.certificateAuthorityBundle
        request.clientCertificate = template.clientCertificate
        request.connectTimeout = template.connectTimeout
        request.proxy = template.proxy
    }

    /// The descriptors for `target`: the `.proto` file or descriptor set ``GRPCProtoSource`` names, else the cache when it has the service, else
    /// server reflection (written to the cache).
    private func descriptors(for target: GRPCTarget, proto: GRPCProtoSource?, request: HTTPRequest)
        async throws(GRPCSendError)
        -> (DescriptorPool, String)
    {
        if let proto { return (try proto.pool(confinement: confinement), proto.path) }
        let cache = GRPCDescriptorCache(stateFolder: stateFolder)
        let endpoint = target.authority + (target.usesTLS ? " tls" : "")
        if let cached = cache.read(for: endpoint), Self.service(named: target.service, in: cached) != nil {
            return (cached, "the cached reflection (.ferry/grpc)")
        }
        let template = request
        let reflection = ServerReflection(client: client, endpoint: target) {
            Self.applyConnectionSettings(of: template, to: &$0)
        }
        do {
            var symbol = target.service
            if !symbol.contains(".") {
                // A service named without its package: find its full name in the server's list.
                let services = try await reflection.services()
                symbol = services.first { $0.hasSuffix("." + target.service) } ?? symbol
            }
            let files = try await reflection.serializedFiles(containing: [symbol])
            var pool = DescriptorPool()
            try pool.add(serializedFiles: files)
            try? cache.write(files, for: endpoint)
            return (pool, "server reflection")
        } catch {
            throw GRPCSendError("\(error)")
        }
    }
}
