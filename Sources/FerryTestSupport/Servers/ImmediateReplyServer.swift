import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback listener that answers every connection with `reply` at once and closes it, whatever the
/// client sent (a TLS client gets plain text back).
public final class ImmediateReplyServer: @unchecked Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: UInt16
    private let listener: Int32

    /// Starts listening on a free port of 127.0.0.1, answering every connection with `reply`.
    public init(reply: String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard let port = LoopbackPort.bindToFreePort(fd, listeningWithBacklog: 8) else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        listener = fd
        self.port = port
        let bytes = Array(reply.utf8)
        Thread.detachNewThread {
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(connection)
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
