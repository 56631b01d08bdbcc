import FerryHTTP
import Foundation

extension HistoryEntry {
    /// The history line of a WebSocket conversation: method `WEBSOCKET`, the handshake request as sent
    /// (masked), the `101` response's headers and the transcript as its body (capped at `bodyCap`), and the
    /// error when it failed (then without a response when it never opened).
    init(
        conversation: PreparedWebSocket, end: ConversationEnd, requestID: String, environment: String?,
        started: Date, transcript: String, bodyCap: Int
    ) {
        let target = URL(string: conversation.maskedURL) ?? URL(fileURLWithPath: "/")
        let status = end.handshake?.status ?? end.refusedStatus ?? 0
        let response = HTTPResponse(
            status: status, headers: end.handshake?.headers ?? [:], url: target, body: Data(transcript.utf8))
        self.init(
            prepared: conversation.handshake, requestID: requestID, requestPath: requestID, environment: environment,
            started: started, result: .success(response), bodyCap: bodyCap)
        method = "WEBSOCKET"
        switch end.outcome {
        case .failed(let message) where end.handshake == nil:
            self.status = end.refusedStatus
            error = message
            responseBody = nil
            responseSize = 0
        case .failed(let message):
            // It opened, then broke off: the transcript so far stays, with why it ended.
            error = message
        case .canceled where end.handshake == nil:
            self.status = nil
            error = "canceled"
            responseBody = nil
            responseSize = 0
        default: break
        }
    }
}
