import FerryGRPC
import FerryProtobuf
import FerryWorkbench

/// What the response pane knows of a `GRPC` call beyond its HTTP/2 exchange: the method once the descriptors
/// named it, and the status from the trailers once the call ended (``RequestSender/sendGRPC(_:onMessage:)``).
struct GRPCCallState: Sendable, Hashable {
    /// The method called, `package.Service/Method`, once the call was made.
    var method: String?
    /// The method's kind (`unary`, `server streaming`, …), once the call was made.
    var kind: String?
    /// The status from `grpc-status` and `grpc-message`, once the call ended.
    var status: GRPCStatus?
    /// How many response messages arrived.
    var messageCount = 0

    /// The call as it ended: `exchange`'s method, kind, status and message count.
    init(_ exchange: GRPCExchange) {
        method = exchange.service + "/" + exchange.method.name
        kind = exchange.method.kind
        status = exchange.response.status
        messageCount = exchange.responseMessages.count
    }

    /// A call not made yet.
    init() {}

    /// `NOT_FOUND (5): no member 8`, the status as the pane names it; `nil` before the call ended.
    var statusText: String? {
        guard let status else { return nil }
        let named = "\(status.code.name) (\(status.code.rawValue))"
        return status.message.isEmpty ? named : "\(named): \(status.message)"
    }
}
