import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The two socket steps the test servers and clients share, on blocking descriptors.
public enum LoopbackSocket {
    /// A TCP socket connected to 127.0.0.1:`port`, or `nil` (nothing left open) when the connection fails.
    public static func connect(to port: UInt16) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Writes all of `bytes` to `fd` (retrying on interrupts, never raising SIGPIPE); returns whether it did.
    public static func sendAll(_ bytes: some ContiguousBytes, to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var sent = 0
            while sent < buffer.count {
                let result = send(fd, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return false }
                sent += result
            }
            return true
        }
    }
}
