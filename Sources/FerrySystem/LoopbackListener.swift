import Glibc

/// A TCP listener on 127.0.0.1 for short exchanges one at a time, such as the browser's redirect back to a
/// program at the end of an OAuth 2.0 sign-in (RFC 8252's loopback redirect).
///
/// ```swift
/// let listener = try LoopbackListener(port: 0)          // 0: any free port
/// print(listener.port)
/// if let connection = try listener.accept(waitingAtMost: 300_000) { ... }
/// ```
public final class LoopbackListener: Sendable {
    /// The port it listens on.
    public let port: UInt16
    private let descriptor: FileDescriptor

    /// Listens on 127.0.0.1:`port` (`0` for a free port the system picks).
    public init(port: UInt16) throws(SystemError) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw SystemError(call: "socket", code: errno) }
        var reuse: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 8) == 0 else {
            let code = errno
            _ = Glibc.close(socket)
            throw SystemError(call: bound == 0 ? "listen" : "bind", code: code)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        self.descriptor = FileDescriptor(rawValue: socket)
    }

    deinit { descriptor.closeIgnoringErrors() }

    /// The next connection, waiting at most `milliseconds` for it; `nil` when none came in that time.
    public func accept(waitingAtMost milliseconds: Int32) throws(SystemError) -> FileDescriptor? {
        guard try descriptor.waitUntilReadable(milliseconds: milliseconds) else { return nil }
        let connection = SystemCall.retryingInterrupts { Glibc.accept(descriptor.rawValue, nil, nil) }
        guard connection >= 0 else { throw SystemError(call: "accept", code: errno) }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        return FileDescriptor(rawValue: connection)
    }
}

extension FileDescriptor {
    /// Whether the descriptor has something to read (or was closed) within `milliseconds`.
    public func waitUntilReadable(milliseconds: Int32) throws(SystemError) -> Bool {
        var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        let ready = SystemCall.retryingInterrupts { poll(&entry, 1, milliseconds) }
        guard ready >= 0 else { throw SystemError(call: "poll", code: errno) }
        return ready > 0
    }

    /// The head of an HTTP request read from a connection: bytes up to the blank line, at most `limit` of them,
    /// each read waiting at most `milliseconds`. What arrived is returned when the peer stops early.
    public func readRequestHead(limit: Int = 16 * 1024, milliseconds: Int32) throws(SystemError) -> [UInt8] {
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while head.count < limit, !head.ends(with: [13, 10, 13, 10]) {
            guard try waitUntilReadable(milliseconds: milliseconds) else { break }
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { buffer in try read(into: buffer) }
            } catch let error as SystemError {
                throw error
            } catch {
                break
            }
            if count == 0 { break }
            head += chunk[..<count]
        }
        return head
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
