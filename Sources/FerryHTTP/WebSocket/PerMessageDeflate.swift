import Foundation

/// The permessage-deflate extension (RFC 7692) as agreed in the opening handshake: which side keeps its
/// compression context between messages and how large the client's window may be.
struct PerMessageDeflate: Equatable {
    /// The offer the handshake writes: permessage-deflate, with the server free to limit the client's window.
    static let offer = "permessage-deflate; client_max_window_bits"

    /// The server starts each message with an empty window.
    var serverNoContextTakeover = false
    /// The client must start each message with an empty window.
    var clientNoContextTakeover = false
    /// The largest window the client may compress with, as a power of two (8 to 15).
    var clientMaxWindowBits = 15

    /// The agreement a server's `Sec-WebSocket-Extensions` values make (RFC 7692 §7.1), or `nil` without one;
    /// throws when they are not an answer to ``offer``: another extension, more than one, an unknown, repeated
    /// or out-of-range parameter.
    init?(response values: [String]) throws(WebSocketError.Reason) {
        let extensions = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let agreed = extensions.first else { return nil }
        guard extensions.count == 1 else {
            throw .handshakeInvalid("the server chose \(extensions.count) extensions; one was offered")
        }
        var parts = agreed.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.removeFirst().lowercased() == "permessage-deflate" else {
            throw .handshakeInvalid("the server chose the extension \(InputExcerpt(agreed)), not the one offered")
        }
        var seen: Set<String> = []
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let name = pair[0].lowercased()
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
            guard seen.insert(name).inserted else {
                throw .handshakeInvalid("permessage-deflate parameter \(InputExcerpt(name)) given twice")
            }
            switch (name, value) {
            case ("server_no_context_takeover", nil): serverNoContextTakeover = true
            case ("client_no_context_takeover", nil): clientNoContextTakeover = true
            case ("server_max_window_bits", let value?): _ = try Self.windowBits(value, name)
            case ("client_max_window_bits", let value?): clientMaxWindowBits = try Self.windowBits(value, name)
            default:
                throw .handshakeInvalid("permessage-deflate parameter \(InputExcerpt(part)) is not one RFC 7692 allows")
            }
        }
    }

    /// An agreement with the given parameters.
    init(serverNoContextTakeover: Bool = false, clientNoContextTakeover: Bool = false, clientMaxWindowBits: Int = 15) {
        self.serverNoContextTakeover = serverNoContextTakeover
        self.clientNoContextTakeover = clientNoContextTakeover
        self.clientMaxWindowBits = clientMaxWindowBits
    }

    /// A window size parameter's value: a number from 8 to 15 (§7.1.2).
    private static func windowBits(_ value: String, _ name: String) throws(WebSocketError.Reason) -> Int {
        guard value.allSatisfy(\.isASCII), let bits = Int(value), (8...15).contains(bits) else {
            throw .handshakeInvalid("permessage-deflate \(name)=\(InputExcerpt(value)) is not 8 to 15")
        }
        return bits
    }
}
