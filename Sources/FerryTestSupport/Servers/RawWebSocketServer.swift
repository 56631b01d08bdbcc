import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A hostile WebSocket server on a raw loopback socket, for what a well-behaved peer never does: it
/// answers one connection's handshake (or never does), writes the bytes a test gives it, then keeps the
/// connection open and ignores everything but recording what the client sent.
public final class RawWebSocketServer: @unchecked Sendable {
    /// What the server does with a connection.
    public enum Behavior: Sendable {
        /// Reads the handshake and never answers it.
        case silent
        /// Answers the handshake with `101` (its `Sec-WebSocket-Accept` from the closure given at start, and
        /// `Sec-WebSocket-Extensions: extensions` when given), then writes these bytes and never closes.
        case handshake(then: [UInt8], extensions: String? = nil)
    }

    /// The port it listens on, on 127.0.0.1.
    public let port: UInt16
    private let listener: Int32
    private let received = ReceivedBytes()

    /// Starts listening on a free port of 127.0.0.1; `accept` turns the client's `Sec-WebSocket-Key` into
    /// the `Sec-WebSocket-Accept` value (the server itself has no SHA-1).
    public init(_ behavior: Behavior, accept: @escaping @Sendable (String) -> String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard let port = LoopbackPort.bindToFreePort(fd, listeningWithBacklog: 8) else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        listener = fd
        self.port = port
        let received = received
        Thread.detachNewThread {
            while true {
                let connection = Glibc.accept(fd, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread {
                    Self.serve(connection, behavior: behavior, accept: accept, received: received)
                }
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// `ws://127.0.0.1:PORT/`.
    public var url: String { "ws://127.0.0.1:\(port)/" }

    /// The bytes the client sent after its handshake, so far (its frames, masked as sent).
    public var receivedAfterHandshake: [UInt8] { received.bytes }

    private static func serve(
        _ connection: Int32, behavior: Behavior, accept: (String) -> String, received: ReceivedBytes
    ) {
        defer { close(connection) }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.containsBlankLine {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            head += buffer[0..<count]
        }
        guard case .handshake(let bytes, let extensions) = behavior else {
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
            return
        }
        let text = String(decoding: head, as: UTF8.self)
        let key =
            text.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let reply =
            Array(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: \(accept(key))\r\n"
                    + (extensions.map { "Sec-WebSocket-Extensions: \($0)\r\n" } ?? "") + "\r\n").utf8) + bytes
        _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(buffer[0..<count])
        }
    }

    private final class ReceivedBytes: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [UInt8] = []
        var bytes: [UInt8] { lock.withLock { stored } }
        func append(_ more: ArraySlice<UInt8>) { lock.withLock { stored += more } }
    }
}

extension [UInt8] {
    fileprivate var containsBlankLine: Bool {
        guard count >= 4 else { return false }
        return (3..<count).contains { self[$0 - 3] == 13 && self[$0 - 2] == 10 && self[$0 - 1] == 13 && self[$0] == 10 }
    }
}
