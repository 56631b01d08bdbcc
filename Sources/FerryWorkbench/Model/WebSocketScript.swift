/// The messages of a `WEBSOCKET` request, as the JetBrains HTTP Client writes them in the request's body:
/// the first message is sent once connected, `===` alone on a line separates messages, and
/// `=== wait-for-server` waits for one message from the server before the next is sent (repeat it to wait
/// for more).
///
/// ```http
/// WEBSOCKET ws://localhost:8080/echo
/// Sec-WebSocket-Protocol: chat
///
/// {"hello": "{{name}}"}
/// === wait-for-server
/// second
/// ```
public struct WebSocketScript: Sendable, Hashable {
    /// One step of the script.
    public enum Step: Sendable, Hashable {
        /// Send this text message.
        case send(String)
        /// Wait for one message from the server.
        case waitForServer
    }

    /// The steps, in order.
    public var steps: [Step]

    /// The script in `body` (a request's body as written; `nil` for none).
    public init(body: String?) {
        var steps: [Step] = []
        var lines: [Substring] = []
        func flush() {
            while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
            while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
            if !lines.isEmpty { steps.append(.send(lines.joined(separator: "\n"))) }
            lines = []
        }
        for line in (body ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingWhitespace
            if trimmed == "===" {
                flush()
            } else if trimmed.hasPrefix("==="), trimmed.dropFirst(3).trimmingWhitespace == "wait-for-server" {
                flush()
                steps.append(.waitForServer)
            } else {
                lines.append(line.hasSuffix("\r") ? line.dropLast() : line)
            }
        }
        flush()
        self.steps = steps
    }

    /// The messages sent, in order.
    public var messages: [String] {
        steps.compactMap { if case .send(let text) = $0 { text } else { nil } }
    }

    /// Whether the script ends waiting for the server: then the connection closes (1000) once those
    /// messages arrived, as in JetBrains; otherwise it stays open until the server closes or the idle wait ends.
    public var endsWaiting: Bool { steps.last == .waitForServer }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        let start = drop { $0.isWhitespace }
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)].isWhitespace { end = start.index(before: end) }
        return start[..<end]
    }
}

extension SavedRequest {
    /// Whether this is a WebSocket request: `WEBSOCKET URL`, or a bare `ws://` / `wss://` URL.
    public var isWebSocket: Bool {
        if let explicitMethod { return explicitMethod == "WEBSOCKET" }
        let lowered = url.lowercased()
        return lowered.hasPrefix("ws://") || lowered.hasPrefix("wss://")
    }

    /// The request's messages (``body`` as a ``WebSocketScript``).
    public var webSocketScript: WebSocketScript { WebSocketScript(body: body) }
}
