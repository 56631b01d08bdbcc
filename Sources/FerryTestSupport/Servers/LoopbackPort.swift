import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ports on 127.0.0.1 for tests.
public enum LoopbackPort {
    /// A loopback port with nothing listening right now: bound to port 0, never listened on, then closed.
    /// Free for a server to take, or refused when a client connects to it.
    public static func free() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        guard let port = bindToFreePort(fd) else { throw POSIXError(.EADDRNOTAVAIL) }
        return port
    }

    /// A loopback port that refuses every connection for the rest of the run: a socket of this process stays
    /// bound to it and never listens, so no server (of this process or another) can take it meanwhile, as one
    /// can take a port from ``free()`` between the call and the test's connection.
    public static func refusing() throws -> UInt16 { try refusingPort.get() }

    private static let refusingPort: Result<UInt16, POSIXError> = {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0, let port = bindToFreePort(fd) else {
            if fd >= 0 { close(fd) }
            return .failure(POSIXError(.EADDRNOTAVAIL))
        }
        return .success(port)  // `fd` stays open (and bound) until the process ends
    }()

    /// Binds socket `fd` to a port of 127.0.0.1 the system picks, and listens on it with `backlog` when one
    /// is given; returns the port, or `nil` when a call failed (`errno` says why).
    static func bindToFreePort(_ fd: Int32, listeningWithBacklog backlog: Int32? = nil) -> UInt16? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && (backlog.map { listen(fd, $0) == 0 } ?? true)
                    && getsockname(fd, pointer, &length) == 0
            }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }
}
