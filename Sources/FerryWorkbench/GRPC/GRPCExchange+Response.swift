import FerryGRPC
import FerryHTTP
import FerryJSON
import Foundation

extension GRPCExchange {
    /// The exchange as an HTTP end, for what every send does after (history, handlers, `>>` outputs): the
    /// HTTP/2 status, the headers and trailers, and as the body the response message as JSON (pretty), or for a
    /// server-streaming method every message as one JSON line (`application/x-ndjson`, so handlers get each one
    /// through `response.body.onEachLine`).
    public var transferEnd: TransferEnd {
        let http = response.http
        let isStream = method.isServerStreaming
        let text =
            isStream
            ? responseMessages.map { $0.formatted(.compact) + "\n" }.joined()
            : responseMessages.first.map { $0.formatted(.pretty(indent: 2)) } ?? ""
        let body = Array(text.utf8)
        var headers = HTTPHeaders()
        headers.add("Content-Type", isStream ? "application/x-ndjson" : "application/json")
        for header in response.headers where header.name.lowercased() != "content-type" {
            headers.add(header.name, header.value)
        }
        let converted = HTTPResponse(
            status: http.status, reason: http.reason, headers: headers, trailerCount: http.trailerCount,
            url: http.url, timing: http.timing,
            body: Data(body), tlsVerification: http.tlsVerification)
        return TransferEnd(
            .success(converted),
            body: ReceivedBody(storage: .memory(body), count: body.count, isComplete: true, isBinary: false))
    }
}
