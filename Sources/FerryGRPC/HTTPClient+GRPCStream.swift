import FerryHTTP
import Foundation

extension HTTPClient {
    /// Makes `call` like ``grpc(_:configure:)`` but hands each response message to `onMessage` as soon as its
    /// last byte arrived (a server-streaming call that runs long, or never ends, shows its messages as they come);
    /// the returned response holds them all, with the status from the trailers. Cancelling the Swift task
    /// cancels the call (`CANCELLED`).
    public func grpcStreaming(
        _ call: GRPCCall, configure: (inout HTTPRequest) -> Void = { _ in },
        onMessage: @escaping @Sendable ([UInt8]) -> Void
    ) async throws -> GRPCResponse {
        var request = try call.httpRequest()
        configure(&request)
        let url = request.url ?? URL(fileURLWithPath: "/")
        var decoder = GRPCFrameDecoder()
        var messages: [[UInt8]] = []
        do {
            let streaming = try await stream(request)
            do {
                try await withTaskCancellationHandler {
                    for try await chunk in streaming.body {
                        for message in try decoder.append(chunk) {
                            messages.append(message)
                            onMessage(message)
                        }
                    }
                } onCancel: {
                    streaming.task.cancel()
                }
            } catch let error as GRPCFrameError {
                streaming.task.cancel()
                throw GRPCCallError.notGRPC(error.description)
            }
            let http = try await streaming.task.value()
            let status = GRPCStatus(headers: http.headers) ?? GRPCStatus.forHTTPStatus(http.status)
            if status.isOK, !decoder.isEmpty {
                throw GRPCCallError.notGRPC(GRPCFrameError.truncated(decoder.bufferedCount).description)
            }
            if status.isOK, http.status != 200 || GRPCStatus(headers: http.headers) == nil {
                throw GRPCCallError.notGRPC(
                    http.status == 200 ? "it has no grpc-status trailer" : "HTTP \(http.status)")
            }
            return GRPCResponse(messages: messages, status: status, headers: http.headers, http: http)
        } catch let error as HTTPClientError {
            switch error.reason {
            case .timedOut:
                return GRPCResponse(
                    messages: messages, status: GRPCStatus(.deadlineExceeded, message: "the deadline passed (Ferry's)"),
                    headers: [:], http: HTTPResponse(status: 0, url: url))
            case .canceled:
                return GRPCResponse(
                    messages: messages, status: GRPCStatus(.cancelled, message: "cancelled"), headers: [:],
                    http: HTTPResponse(status: 0, url: url))
            default: throw error
            }
        }
    }
}
