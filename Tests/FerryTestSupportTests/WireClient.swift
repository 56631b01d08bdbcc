import FerryTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking loopback client that writes raw bytes and reads raw bytes, to check the test
/// server's wire behaviour without depending on any HTTP client under test.
final class WireClient {
    private let fd: Int32

    init(port: UInt16) throws {
        guard let fd = LoopbackSocket.connect(to: port) else { throw POSIXError(.ECONNREFUSED) }
        self.fd = fd
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the peer closes (or resets) the connection; `errno` of a failed read is returned too.
    func readToEnd() -> (bytes: String, error: Int32) {
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                out += chunk[0..<count]
                continue
            }
            return (String(decoding: out, as: UTF8.self), count < 0 ? errno : 0)
        }
    }

    /// Reads until `marker` has arrived at least `times` times.
    func read(until marker: String, times: Int = 1) -> String {
        var out = ""
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while out.components(separatedBy: marker).count - 1 < times {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            out += String(decoding: chunk[0..<count], as: UTF8.self)
        }
        return out
    }
}
