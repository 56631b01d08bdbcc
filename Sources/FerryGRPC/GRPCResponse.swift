import FerryHTTP
import Foundation

/// What a gRPC call brought back: the response messages (protobuf bytes), the status, and the HTTP/2 headers
/// with the trailers after them.
public struct GRPCResponse: Sendable {
    /// The messages, in order.
    public var messages: [[UInt8]]
    /// The status from the trailers (or from the headers of a Trailers-Only response).
    public var status: GRPCStatus
    /// Response headers then trailers, as received.
    public var headers: HTTPHeaders
    /// The HTTP response underneath (its body is the framed messages), with its timing.
    public var http: HTTPResponse

    /// A response; see the properties.
    public init(messages: [[UInt8]], status: GRPCStatus, headers: HTTPHeaders, http: HTTPResponse) {
        self.messages = messages
        self.status = status
        self.headers = headers
        self.http = http
    }

    /// The response to `http` read as gRPC: its body split into messages and its status from the trailers.
    /// A body that is not gRPC frames is an error only when the status says OK.
    public init(http: HTTPResponse, messageLimit: Int = GRPCFrame.defaultMessageLimit) throws(GRPCCallError) {
        let status = GRPCStatus(headers: http.headers) ?? GRPCStatus.forHTTPStatus(http.status)
        var messages: [[UInt8]] = []
        if http.status == 200, status.isOK || !http.body.isEmpty {
            do {
                messages = try GRPCFrame.messages(in: [UInt8](http.body), limit: messageLimit)
            } catch {
                if status.isOK { throw .notGRPC(error.description) }
            }
        }
        if status.isOK, http.status != 200 || GRPCStatus(headers: http.headers) == nil {
            throw .notGRPC(
                http.status == 200 ? "it has no grpc-status trailer" : "HTTP \(http.status) \(http.reason)")
        }
        self.init(messages: messages, status: status, headers: http.headers, http: http)
    }
}

extension HTTPClient {
    /// Makes `call` and returns its messages and status once it ended (a non-OK status is returned, not thrown).
    /// A deadline that passes here, or a cancelled Swift task, gives `DEADLINE_EXCEEDED` or `CANCELLED`.
    ///
    /// ```swift
    /// let response = try await client.grpc(GRPCCall(target: target, messages: [request]))
    /// if response.status.isOK { print(try codec.decode(response.messages[0], as: method.outputType)) }
    /// ```
    ///
    /// A server that answers before the request's body is sent (an unknown method: `UNIMPLEMENTED` at once) then
    /// resets the stream, which libcurl 7.88 reports as a stream error instead of the answer; the call is made
    /// once more, and a second reset is ``GRPCStatus/streamReset`` (`INTERNAL`, as PROTOCOL-HTTP2.md maps a
    /// reset without trailers).
    public func grpc(_ call: GRPCCall, configure: (inout HTTPRequest) -> Void = { _ in }) async throws -> GRPCResponse {
        var request = try call.httpRequest()
        configure(&request)
        let url = request.url ?? URL(fileURLWithPath: "/")
        var http: HTTPResponse?
        var resets = 0
        while http == nil {
            do {
                http = try await send(request)
            } catch {
                if case .transport(let code, _) = error.reason, code == GRPCStatus.curlStreamError {
                    resets += 1
                    if resets < 2 { continue }
                    return GRPCResponse(
                        messages: [], status: .streamReset, headers: [:], http: HTTPResponse(status: 0, url: url))
                }
                return try Self.status(for: error, url: url)
            }
        }
        guard let http else { throw GRPCCallError.notGRPC("no response") }
        return try GRPCResponse(http: http)
    }

    /// The status a failed transfer stands for (a deadline or a cancel), or the error thrown again.
    private static func status(for error: HTTPClientError, url: URL) throws -> GRPCResponse {
        switch error.reason {
        case .timedOut:
            return GRPCResponse(
                messages: [], status: GRPCStatus(.deadlineExceeded, message: "the deadline passed (Ferry's)"),
                headers: [:], http: HTTPResponse(status: 0, url: url))
        case .canceled:
            return GRPCResponse(
                messages: [], status: GRPCStatus(.cancelled, message: "cancelled"), headers: [:],
                http: HTTPResponse(status: 0, url: url))
        default: throw error
        }
    }
}
