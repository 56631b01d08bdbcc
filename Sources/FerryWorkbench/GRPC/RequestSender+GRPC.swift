import FerryHTTP
import FerryJSON
import FerryProtobuf
import Foundation

/// What a `GRPC` send brought back (``RequestSender/sendGRPC(_:onMessage:)``).
public struct GRPCSendOutcome: Sendable {
    /// The call and its answer, or `nil` when it could not be made (see ``error``).
    public var exchange: GRPCExchange?
    /// Why the call could not be made.
    public var error: GRPCSendError?
    /// The exchange as the end the history, the handlers and `>>` outputs saw.
    public var end: TransferEnd
    /// The scripts that ran and the problems met after the call.
    public var report: SendReport
}

extension RequestSender {
    /// Makes the `GRPC` call of `send` (``GRPCSender``), then does what every send does after: the `>>` outputs
    /// get the response as JSON, the history its line (method `GRPC`, the JSON as the body), and the response
    /// handlers run with `response.body` the message (or, for a stream, each message through
    /// `response.body.onEachLine`) and the trailers among `response.headers`.
    /// With `onMessage`, a server-streaming call's messages are handed to it as they arrive.
    public func sendGRPC(_ send: PreparedSend, onMessage: (@Sendable (JSONValue) -> Void)? = nil) async
        -> GRPCSendOutcome
    {
        let started = Date()
        var sender = GRPCSender(client: client, stateFolder: send.plan.workspace.stateFolder, folder: send.plan.folder)
        sender.confinement = confinement(for: send.plan)
        do {
            let exchange = try await sender.send(send, onMessage: onMessage)
            let end = exchange.transferEnd
            return GRPCSendOutcome(
                exchange: exchange, error: nil, end: end,
                report: finish(end, of: send, started: started, bodyFile: nil))
        } catch {
            let end = TransferEnd(.failure(HTTPClientError(.rejected(error.description), request: send.request)))
            return GRPCSendOutcome(
                exchange: nil, error: error, end: end, report: finish(end, of: send, started: started, bodyFile: nil))
        }
    }
}

extension RequestSender {
    /// The descriptors a call of `send` would use, and where they came from (``GRPCSender/descriptors(of:)``:
    /// `# @proto` within the workspace's confinement, `.ferry/grpc`, server reflection, cached), for the
    /// workbench's completion and checks.
    public func grpcDescriptors(_ send: PreparedSend) async throws(GRPCSendError)
        -> (pool: DescriptorPool, source: String)
    {
        var sender = GRPCSender(client: client, stateFolder: send.plan.workspace.stateFolder, folder: send.plan.folder)
        sender.confinement = confinement(for: send.plan)
        return try await sender.descriptors(of: send)
    }
}
