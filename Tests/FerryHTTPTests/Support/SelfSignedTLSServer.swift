import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `openssl s_server -www` on a loopback port with a throwaway self-signed certificate: a TLS server that
/// verification rejects and that answers `GET /` with `200` when verification is off.
final class SelfSignedTLSServer: @unchecked Sendable {
    let port: UInt16
    private let process: Process
    private let folder: URL

    private init(port: UInt16, process: Process, folder: URL) {
        self.port = port
        self.process = process
        self.folder = folder
    }

    /// Makes a certificate and starts the server, returning once it accepts connections; `nil` when there
    /// is no `openssl` binary.
    static func start() throws -> SelfSignedTLSServer? {
        guard let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first(where: isExecutable) else {
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (key, certificate) = (folder.appendingPathComponent("key.pem"), folder.appendingPathComponent("cert.pem"))
        let make = try run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-keyout", key.path, "-out", certificate.path,
            ])
        make.waitUntilExit()
        guard make.terminationStatus == 0 else { throw POSIXError(.EIO) }

        let port = try closedPort()
        let server = try run(
            openssl,
            ["s_server", "-accept", "127.0.0.1:\(port)", "-key", key.path, "-cert", certificate.path, "-www", "-quiet"])
        let started = SelfSignedTLSServer(port: port, process: server, folder: folder)
        let deadline = ContinuousClock.now + .seconds(20)
        while !canConnect(to: port) {
            guard server.isRunning, ContinuousClock.now < deadline else {
                started.stop()
                throw POSIXError(.ECONNREFUSED)
            }
            usleep(10_000)
        }
        return started
    }

    /// Stops the server and removes the certificate.
    func stop() {
        if process.isRunning {
            // SIGKILL: a child of the test runner can inherit a signal mask that blocks SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Internals

    private static func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    private static func run(_ path: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func canConnect(to port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
