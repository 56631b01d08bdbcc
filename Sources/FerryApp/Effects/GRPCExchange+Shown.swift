import FerryHTTP
import FerryJSON
import FerryWorkbench
import Foundation

extension GRPCExchange {
    /// The exchange as the response pane shows it: the headers and trailers as they arrived, and as the body the
    /// response message as JSON, or for a server-streaming method every message in one JSON array, so the Body
    /// tab shows a tree either way. (The history and the handlers get ``transferEnd``, as `ferry send` makes.)
    var shownEnd: TransferEnd {
        let http = response.http
        let shown: JSONValue? =
            method.isServerStreaming ? .array(responseMessages) : responseMessages.first
        let body = shown.map { Array($0.formatted(.pretty(indent: 2)).utf8) } ?? []
        let converted = HTTPResponse(
            status: http.status, reason: http.reason, headers: response.headers, trailerCount: http.trailerCount,
            url: http.url, timing: http.timing,
            body: Data(body), tlsVerification: http.tlsVerification)
        return TransferEnd(
            .success(converted),
            body: ReceivedBody(storage: .memory(body), count: body.count, isComplete: true, isBinary: false))
    }
}
