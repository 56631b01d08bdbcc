import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server program run by a test on a free loopback port: started, waited for until it accepts
/// connections, and killed when the test is done. ``NghttpdServer`` and ``HypercornServer`` build on it.
final class LoopbackServerProcess: @unchecked Sendable {
    /// The port the server listens on, on 127.0.0.1.
    let port: UInt16
    private let process: Process

    private init(port: UInt16, process: Process) {
        self.port = port
        self.process = process
    }

    deinit { stop() }

    /// Runs `executable` with the arguments `arguments(port)` for a free port and returns once the port
    /// accepts connections; throws when the program exits first or `timeout` passes.
    ///
    /// Async, and waits with `Task.sleep`: a test blocked here would hold one of the few cooperative
    /// threads (two on this machine) for the seconds a Python server takes to start, starving other tests.
    static func start(
        _ executable: URL, in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(15), arguments: (UInt16) -> [String]
    ) async throws -> LoopbackServerProcess {
        let port = try freePort()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments(port)
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let server = LoopbackServerProcess(port: port, process: process)
        // Stops looking early when the program exits; listening means a connection succeeds at the end.
        let settled = await eventually(timeout: timeout) { canConnect(to: port) || !process.isRunning }
        guard settled, canConnect(to: port) else {
            server.stop()
            throw TestServers.Missing(
                description: "\(executable.lastPathComponent) did not start listening on port \(port)")
        }
        return server
    }

    /// Stops the server and waits for it to exit; safe to call more than once.
    ///
    /// SIGKILL, not `terminate()`: a child spawned from a test thread can inherit a signal mask that
    /// blocks SIGTERM, and then waiting would never end.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    // MARK: - Sockets

    /// A loopback port free right now (bound to port 0, then closed).
    static func freePort() throws -> UInt16 {
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
