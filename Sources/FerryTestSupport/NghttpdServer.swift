import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP/2 server for tests: `nghttpd --no-tls` (Debian's `nghttp2-server`) on a free loopback
/// port, serving the files of a folder over h2c with prior knowledge.
///
/// ```swift
/// guard let server = try NghttpdServer.start(serving: folder) else { return }  // skipped: no nghttpd
/// defer { server.stop() }
/// let url = server.baseURL + "/file.txt"
/// ```
public final class NghttpdServer: @unchecked Sendable {
    /// The port nghttpd listens on, on 127.0.0.1.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    private let process: Process

    private init(port: UInt16, process: Process) {
        self.port = port
        self.process = process
    }

    deinit { stop() }

    /// The `nghttpd` binary: on `PATH`, else in the `sbin` folders Debian installs it to.
    public static func binary() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/sbin"]
        return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent("nghttpd") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts nghttpd serving `folder` and returns once it accepts connections.
    ///
    /// Returns `nil` when nghttpd is not installed outside `make test`; under `make test`
    /// (`FERRY_REQUIRE_SERVERS=1`) a missing binary throws, so the test fails instead of skipping.
    public static func start(serving folder: URL, timeout: Duration = .seconds(10)) throws -> NghttpdServer? {
        guard let binary = binary() else {
            if ProcessInfo.processInfo.environment["FERRY_REQUIRE_SERVERS"] == "1" {
                throw TestServers.Missing(
                    description: "nghttpd is not installed although make test requires it (scripts/install-deps.sh)")
            }
            return nil
        }
        let port = try freePort()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--no-tls", "-a", "127.0.0.1", "-d", folder.path, String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let server = NghttpdServer(port: port, process: process)
        let deadline = ContinuousClock.now + timeout
        while !canConnect(to: port) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                server.stop()
                throw TestServers.Missing(description: "nghttpd did not start listening on port \(port)")
            }
            usleep(10_000)
        }
        return server
    }

    /// Stops nghttpd and waits for it to exit; safe to call more than once.
    ///
    /// SIGKILL, not `terminate()`: a child spawned from a test thread can inherit a signal mask that
    /// blocks SIGTERM, and then waiting would never end.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    // MARK: - Sockets

    /// A loopback port free right now (bound to port 0, then closed).
    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func canConnect(to port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }
}
