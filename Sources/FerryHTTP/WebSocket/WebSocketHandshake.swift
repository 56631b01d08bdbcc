import FerrySystem
import Foundation

/// The server's answer to the opening handshake, and how long each step took.
public struct WebSocketHandshakeResponse: Sendable, Hashable {
    /// The status code (101).
    public var status: Int
    /// The response's header fields, in order.
    public var headers: HTTPHeaders
    /// Resolving the host, from the start.
    public var dnsLookup: Duration
    /// Opening the TCP connection (through the proxy, if any), after resolving.
    public var connect: Duration
    /// The TLS handshake, after connecting (zero for `ws://`).
    public var tlsHandshake: Duration
    /// From the connection being ready to the whole `101` head received.
    public var upgrade: Duration
    /// The address connected to, `IP:port`.
    public var remoteAddress: String?
}

/// The client's side of the opening handshake (RFC 6455 §4.1): the request head it writes and the checks on
/// the server's answer.
struct WebSocketHandshake {
    /// The `Sec-WebSocket-Key`: 16 random bytes in base64.
    let key: String
    /// The whole request head, ready to write.
    let head: [UInt8]
    /// Whether the head offers permessage-deflate (``PerMessageDeflate/offer``).
    let offersCompression: Bool

    /// The largest response head read.
    static let headLimit = 64 * 1024

    /// The head for `url` (`http`/`https`, already mapped from `ws`/`wss`) with `headerLines` (`Name: value`)
    /// after the handshake's own fields, offering permessage-deflate when `offersCompression`.
    init(url: URL, headerLines: [String], offersCompression: Bool = false, key: String = Self.randomKey()) {
        self.key = key
        self.offersCompression = offersCompression
        var target = url.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        var host = url.host(percentEncoded: true) ?? ""
        if host.contains(":") { host = "[\(host)]" }
        if let port = url.port { host += ":\(port)" }
        var lines = [
            "GET \(target) HTTP/1.1", "Host: \(host)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13",
        ]
        if offersCompression { lines.append("Sec-WebSocket-Extensions: \(PerMessageDeflate.offer)") }
        lines += headerLines
        head = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The header names the handshake writes itself; a request's own are left out.
    static let ownHeaders: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions",
    ]

    /// 16 random bytes in base64.
    static func randomKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server must answer `key` with.
    static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// Where the head ends in `bytes` (the index after its blank line), or `nil` when it has not ended yet.
    static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    /// The status, headers and agreed compression of a response head, checked as RFC 6455 §4.1 (and, for the
    /// extension, RFC 7692 §5) asks.
    func check(head bytes: ArraySlice<UInt8>) throws(WebSocketError.Reason)
        -> (status: Int, headers: HTTPHeaders, compression: PerMessageDeflate?)
    {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw .handshakeInvalid("an empty response") }
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw .handshakeInvalid("not an HTTP status line: \(InputExcerpt(statusLine))")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else {
                throw .handshakeInvalid("a header line without a colon: \(InputExcerpt(line))")
            }
            headers.add(
                String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        guard status == 101 else {
            throw .handshakeRejected(status: status, reason: parts.count > 2 ? String(parts[2]) : "")
        }
        guard headers.values(for: "Upgrade").contains(where: { $0.lowercased() == "websocket" }) else {
            throw .handshakeInvalid("no \"Upgrade: websocket\" header")
        }
        let connectionTokens = headers.values(for: "Connection").flatMap { $0.lowercased().split(separator: ",") }
        guard connectionTokens.contains(where: { $0.trimmingCharacters(in: .whitespaces) == "upgrade" }) else {
            throw .handshakeInvalid("no \"Connection: Upgrade\" header")
        }
        guard let accept = headers["Sec-WebSocket-Accept"] else {
            throw .handshakeInvalid("no Sec-WebSocket-Accept header")
        }
        guard accept == Self.acceptValue(for: key) else {
            throw .handshakeInvalid("Sec-WebSocket-Accept \(InputExcerpt(accept)) does not match the key sent")
        }
        let extensions = headers.values(for: "Sec-WebSocket-Extensions")
        guard offersCompression || extensions.isEmpty else {
            throw .handshakeInvalid(
                "the server chose extensions \(InputExcerpt(extensions.joined(separator: ", "))) that were not offered")
        }
        return (status, headers, try PerMessageDeflate(response: extensions))
    }
}
