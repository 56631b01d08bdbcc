import Foundation

/// A TLS server on a free loopback port with a certificate no client trusts by default: `openssl s_server -www`
/// (it answers every request with `200 ok` and a status page) behind a self-signed certificate made for the test.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// guard let server = try await SelfSignedTLSServer.start(.selfSigned, in: folder.url) else { return }  // no openssl
/// defer { server.stop() }
/// request.certificateAuthorityBundle = server.certificateFile  // trust it, or expect a TLS failure
/// ```
public final class SelfSignedTLSServer: Sendable {
    /// The certificate the server presents; each is self-signed and valid only for what its name says.
    public enum Certificate: Sendable, Hashable {
        /// Valid now for `IP:127.0.0.1` and `DNS:localhost`.
        case selfSigned
        /// Valid now, but only for the given DNS name (not for 127.0.0.1).
        case wrongHost(String)
        /// Valid for 127.0.0.1, but only during the first day of 2020.
        case expired
    }

    /// `https://127.0.0.1:PORT`.
    public let baseURL: String
    /// The server's certificate (PEM); pass it as a CA bundle to trust this server.
    public let certificateFile: URL
    /// The port the server listens on, on 127.0.0.1.
    public var port: UInt16 { server.port }
    private let server: LoopbackServerProcess

    private init(server: LoopbackServerProcess, certificateFile: URL) {
        self.server = server
        self.certificateFile = certificateFile
        baseURL = "https://127.0.0.1:\(server.port)"
    }

    /// Makes a `certificate` in `folder` and starts `openssl s_server` with it; returns once it accepts connections.
    ///
    /// Returns `nil` when `openssl` is not installed outside `make test`; under `make test`
    /// (`FERRY_REQUIRE_SERVERS=1`) a missing binary throws, as does any failing `openssl` step.
    public static func start(
        _ certificate: Certificate = .selfSigned, in folder: URL, timeout: Duration = .seconds(10)
    ) async throws -> SelfSignedTLSServer? {
        guard let openssl = TestServers.executable(named: "openssl") else {
            return try TestServers.skipOrFail(missing: "openssl")
        }
        let files = try await SelfSignedCertificateMaker(openssl: openssl, folder: folder).make(certificate)
        let server = try await LoopbackServerProcess.start(openssl, timeout: timeout) { port in
            [
                "s_server", "-quiet", "-www", "-accept", "127.0.0.1:\(port)", "-key", files.key.path, "-cert",
                files.certificate.path,
            ]
        }
        return SelfSignedTLSServer(server: server, certificateFile: files.certificate)
    }

    /// Stops the server and waits for it to exit; safe to call more than once.
    public func stop() { server.stop() }
}
