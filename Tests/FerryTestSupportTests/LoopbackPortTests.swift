import Foundation
import Testing

@testable import FerryTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LoopbackPortTests {
    @Test func theRefusingPortRefusesConnectionsAndNoServerCanTakeIt() throws {
        let port = try LoopbackPort.refusing()
        #expect(try LoopbackPort.refusing() == port)
        #expect(throws: (any Error).self) { _ = try WireClient(port: port) }
        // A server binding it, even with SO_REUSEADDR as TestHTTPServer does, is turned away.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let failure = bound == 0 ? 0 : errno
        #expect(bound == -1 && failure == EADDRINUSE)
    }
}
