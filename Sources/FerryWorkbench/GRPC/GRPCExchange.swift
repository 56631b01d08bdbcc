import FerryGRPC
import FerryHTTP
import FerryJSON
import FerryProtobuf

/// One `GRPC` request made: where it went, the method it called, and what came back, decoded.
public struct GRPCExchange: Sendable {
    /// The call's target.
    public var target: GRPCTarget
    /// The service's full name, as found in the descriptors (the request may name it without its package).
    public var service: String
    /// The method called.
    public var method: MethodDescriptor
    /// The request messages sent.
    public var requestMessages: [JSONValue]
    /// The response messages, in the proto3 JSON mapping.
    public var responseMessages: [JSONValue]
    /// The status, headers and trailers, and the HTTP/2 response underneath.
    public var response: GRPCResponse
    /// Where the descriptors came from: `reflection`, `cache` (`.ferry/grpc`) or the descriptor set's path.
    public var descriptorSource: String

    /// The exchange as grpcurl would show it: the response messages one per line, compact.
    public var messageLines: [String] { responseMessages.map { $0.formatted(.compact) } }
}
