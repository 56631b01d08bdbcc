import Foundation

/// A TLS server on a free loopback port that requires a client certificate (`openssl s_server -Verify`, answering
/// every request with `200 ok` and a status page), with a client certificate made for the test: PEM with its
/// key beside it (the key encrypted with ``passphrase``) and the same pair as PKCS#12 under the same passphrase.
public final class MutualTLSServer: Sendable {
    /// `https://127.0.0.1:PORT`.
    public let baseURL: String
    /// The server's self-signed certificate (PEM): a CA bundle that trusts it.
    public let serverCertificate: URL
    /// The client certificate (PEM).
    public let clientCertificate: URL
    /// The client certificate's key (PEM, encrypted with ``passphrase``).
    public let clientKey: URL
    /// The certificate and its key as PKCS#12 (`.p12`), under ``passphrase``.
    public let clientPKCS12: URL
    /// The passphrase of ``clientKey`` and ``clientPKCS12``.
    public static let passphrase = "ferry-pass"
    private let server: LoopbackServerProcess

    private init(server: LoopbackServerProcess, folder: URL, serverCertificate: URL) {
        self.server = server
        self.serverCertificate = serverCertificate
        clientCertificate = folder.appendingPathComponent("client.pem")
        clientKey = folder.appendingPathComponent("client.key")
        clientPKCS12 = folder.appendingPathComponent("client.p12")
        baseURL = "https://127.0.0.1:\(server.port)"
    }

    /// Makes the certificates in `folder` and starts the server; `nil` when `openssl` is missing outside
    /// `make test` (under `make test` that throws).
    public static func start(in folder: URL, timeout: Duration = .seconds(15)) async throws -> MutualTLSServer? {
        guard let openssl = TestServers.executable(named: "openssl") else {
            return try TestServers.skipOrFail(missing: "openssl")
        }
        let files = try await SelfSignedCertificateMaker(openssl: openssl, folder: folder).make(.selfSigned)
        let certificate = folder.appendingPathComponent("client.pem").path
        let key = folder.appendingPathComponent("client.key").path
        try await OpenSSLCommand.run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-keyout", key, "-out", certificate, "-days", "2", "-subj",
                "/CN=ferry-client", "-passout", "pass:\(passphrase)",
            ])
        try await OpenSSLCommand.run(
            openssl,
            [
                "pkcs12", "-export", "-in", certificate, "-inkey", key, "-out",
                folder.appendingPathComponent("client.p12").path, "-passin", "pass:\(passphrase)", "-passout",
                "pass:\(passphrase)",
            ])
        let server = try await LoopbackServerProcess.start(openssl, timeout: timeout) { port in
            [
                "s_server", "-quiet", "-www", "-accept", "127.0.0.1:\(port)", "-key", files.key.path, "-cert",
                files.certificate.path, "-Verify", "1", "-CAfile", certificate,
            ]
        }
        return MutualTLSServer(server: server, folder: folder, serverCertificate: files.certificate)
    }

    /// Stops the server and waits for it to exit; safe to call more than once.
    public func stop() { server.stop() }
}
