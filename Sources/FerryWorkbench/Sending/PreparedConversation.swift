import FerryHTTP
import Foundation

/// A `WEBSOCKET` request made ready by ``RequestSender/prepareConversation(_:)``: the handshake and the
/// script with every variable substituted, after the pre-request scripts ran.
public struct PreparedConversation: Sendable {
    /// The plan it came from.
    public var plan: SendPlan
    /// The handshake request, its masked copies and the resolved script.
    public var webSocket: PreparedWebSocket
    /// The pre-request scripts that ran while preparing, with what they produced.
    public var preRequestScripts: [ScriptRun]
    /// The variables it was prepared with (typed messages are resolved with them too).
    public var context: VariableContext
}

/// When a conversation opened by ``RequestSender/open(_:closing:executor:)`` closes by itself.
public enum ConversationClosing: Sendable, Hashable {
    /// Once the script has run: at once (code 1000) when it ends with `=== wait-for-server` and those
    /// messages arrived, otherwise after `idle` without a message. `ferry send` and `ferry run`.
    case afterScript(idle: Duration)
    /// Only when the user closes it, the server does, or it is canceled: the workbench, where messages are
    /// typed after the script.
    case byUser

    /// The idle wait after a script that does not end waiting, unless `--idle-timeout` says otherwise.
    public static let standardIdle: Duration = .seconds(2)
}

/// One message of a conversation and when it went or came.
public struct ConversationMessage: Sendable, Hashable {
    /// Whether the server sent it.
    public var isIncoming: Bool
    /// When it was sent, or had arrived whole.
    public var time: Date
    /// The message.
    public var message: WebSocketMessage

    /// A message in (`isIncoming`) or out at `time`.
    public init(isIncoming: Bool, time: Date, message: WebSocketMessage) {
        self.isIncoming = isIncoming
        self.time = time
        self.message = message
    }
}

/// What a conversation reports while it runs; ``ended(_:)`` comes last, once.
public enum ConversationEvent: Sendable {
    /// The handshake succeeded: the server's `101` response.
    case opened(WebSocketHandshakeResponse)
    /// A message went out or came in.
    case message(ConversationMessage)
    /// A typed message could not be sent; the conversation goes on if it can.
    case sendFailed(String)
    /// The conversation is over: everything that happened, recorded and checked.
    case ended(ConversationEnd)
}

/// How a conversation ended, with what it exchanged and what the handlers made of it.
public struct ConversationEnd: Sendable {
    /// How it ended.
    public enum Outcome: Sendable, Hashable {
        /// The closing handshake finished; the server's close frame, when it sent one.
        case closed(WebSocketClose?)
        /// The handshake or the connection failed (its message masked).
        case failed(String)
        /// Canceled (Ctrl-C, Esc, the run stopped) without a closing handshake.
        case canceled
    }

    /// How it ended.
    public var outcome: Outcome
    /// The handshake's response, when the connection opened.
    public var handshake: WebSocketHandshakeResponse?
    /// The handshake's status when the server refused the upgrade (not `101`).
    public var refusedStatus: Int?
    /// The messages in and out, oldest first, up to ``RequestSender/conversationMessageCap`` of them.
    public var messages: [ConversationMessage]
    /// How many messages went or came in all (more than ``messages`` holds when the cap was reached).
    public var messageCount: Int
    /// The scripts that ran (pre-request ones and the response handlers over the messages received) and
    /// problems that did not stop the conversation (a history that could not be written).
    public var report: SendReport
    /// How long it lasted, from the start of the handshake.
    public var duration: Duration

    /// The messages received, in order.
    public var received: [WebSocketMessage] { messages.filter(\.isIncoming).map(\.message) }
}

extension ConversationMessage {
    /// The message as one line of a transcript: `→` sent or `←` received, seconds since `start`, the text
    /// (control characters escaped) or `binary N bytes: hex…`.
    public func transcriptLine(since start: Date) -> String {
        let seconds = String(format: "%7.3f", max(0, time.timeIntervalSince(start)))
        return "\(isIncoming ? "←" : "→") \(seconds) \(message.printable)"
    }
}

extension WebSocketMessage {
    /// The text with control characters escaped, or `binary N bytes: ` and the first 16 bytes in hex.
    public var printable: String {
        switch self {
        case .text(let value): return Self.escaped(value)
        case .binary(let data):
            let hex = data.prefix(16).map { String(format: "%02x", $0) }.joined(separator: " ")
            return "binary \(data.count) bytes: \(hex)\(data.count > 16 ? " …" : "")"
        }
    }

    /// The message as a handler's callback sees it: the text, or a binary message decoded as UTF-8.
    var scriptText: String {
        switch self {
        case .text(let value): value
        case .binary(let data): String(decoding: data, as: UTF8.self)
        }
    }

    /// `text` with control characters escaped, so nothing from the server reaches a terminal raw.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                result += String(format: "\\u{%X}", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension WebSocketClose {
    /// The close as a transcript line's text: `close CODE [reason]`, the reason escaped.
    public var printable: String {
        let code = code.map(String.init) ?? "(no code)"
        return "close \(code)\(reason.isEmpty ? "" : " " + WebSocketMessage.escaped(reason))"
    }
}
