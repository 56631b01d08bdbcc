import Foundation

/// A throwaway certificate authority and a server certificate it signed for `127.0.0.1` and `localhost`,
/// made with the `openssl` CLI in a folder of the test's, for TLS servers on loopback.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// guard let certificates = try await TestCertificates.make(in: folder.url) else { return }  // no openssl
/// request.certificateAuthorityBundle = certificates.authorityFile
/// ```
public struct TestCertificates: Sendable {
    /// The CA's certificate (PEM): what a client trusts.
    public let authorityFile: URL
    /// The server's certificate (PEM), valid for `IP:127.0.0.1` and `DNS:localhost`.
    public let certificateFile: URL
    /// The server's private key (PEM, unencrypted).
    public let keyFile: URL

    /// Makes a P-256 CA and a server certificate signed by it, valid for two days, in `folder`.
    ///
    /// Returns `nil` when `openssl` is not installed outside `make test`; under `make test`
    /// (`FERRY_REQUIRE_SERVERS=1`) a missing binary throws, as does any failing `openssl` step.
    public static func make(in folder: URL) async throws -> TestCertificates? {
        guard let openssl = TestServers.executable(named: "openssl") else {
            return try TestServers.skipOrFail(missing: "openssl")
        }
        let file = { (name: String) in folder.appendingPathComponent(name) }
        let certificates = TestCertificates(
            authorityFile: file("ca.pem"), certificateFile: file("server.pem"), keyFile: file("server.key"))
        let extensions = file("server.ext")
        try Data(
            """
            subjectAltName=IP:127.0.0.1,DNS:localhost
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature
            extendedKeyUsage=serverAuth

            """.utf8
        ).write(to: extensions)
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try await OpenSSLCommand.run(
            openssl,
            ["req", "-x509"] + newKey + [
                "-days", "2", "-subj", "/CN=Ferry Test CA", "-keyout", file("ca.key").path, "-out",
                certificates.authorityFile.path,
            ])
        try await OpenSSLCommand.run(
            openssl,
            ["req"] + newKey + [
                "-subj", "/CN=127.0.0.1", "-keyout", certificates.keyFile.path, "-out", file("server.csr").path,
            ])
        try await OpenSSLCommand.run(
            openssl,
            [
                "x509", "-req", "-in", file("server.csr").path, "-CA", certificates.authorityFile.path, "-CAkey",
                file("ca.key").path, "-set_serial", String(UInt32.random(in: 1...UInt32.max)), "-days", "2",
                "-extfile", extensions.path, "-out", certificates.certificateFile.path,
            ])
        return certificates
    }
}
