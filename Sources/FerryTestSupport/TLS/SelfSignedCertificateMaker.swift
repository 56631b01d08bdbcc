import Foundation

/// Makes the self-signed certificates of ``SelfSignedTLSServer`` with the `openssl` CLI.
///
/// An expired one comes from `openssl ca -selfsign` with explicit start and end dates, since
/// `openssl req -days` cannot go back in time.
struct SelfSignedCertificateMaker {
    let openssl: URL
    let folder: URL

    /// Writes a key and a certificate of the given kind into the folder and returns their files; waits for
    /// each `openssl` step without blocking a thread.
    func make(_ certificate: SelfSignedTLSServer.Certificate) async throws -> (key: URL, certificate: URL) {
        let key = file("server.key")
        let output = file("server.pem")
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key.path]
        switch certificate {
        case .selfSigned:
            try await OpenSSLCommand.run(
                openssl,
                ["req", "-x509"] + newKey + [
                    "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-out", output.path,
                ])
        case .wrongHost(let name):
            try await OpenSSLCommand.run(
                openssl,
                ["req", "-x509"] + newKey + [
                    "-days", "2", "-subj", "/CN=\(name)", "-addext", "subjectAltName=DNS:\(name)", "-out", output.path,
                ])
        case .expired:
            try await OpenSSLCommand.run(
                openssl, ["req", "-new"] + newKey + ["-subj", "/CN=127.0.0.1", "-out", file("server.csr").path])
            try Data().write(to: file("index.txt"))
            try Data("01\n".utf8).write(to: file("serial"))
            try Data(Self.authorityConfiguration(folder: folder).utf8).write(to: file("ca.cnf"))
            try await OpenSSLCommand.run(
                openssl,
                [
                    "ca", "-batch", "-config", file("ca.cnf").path, "-selfsign", "-keyfile", key.path, "-in",
                    file("server.csr").path, "-startdate", "20200101000000Z", "-enddate", "20200102000000Z",
                    "-extensions", "server", "-notext", "-out", output.path,
                ])
        }
        return (key, output)
    }

    private func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// A minimal `openssl ca` configuration whose database lives in `folder`.
    private static func authorityConfiguration(folder: URL) -> String {
        """
        [ca]
        default_ca = test
        [test]
        database = \(folder.appendingPathComponent("index.txt").path)
        new_certs_dir = \(folder.path)
        serial = \(folder.appendingPathComponent("serial").path)
        default_md = sha256
        policy = anything
        [anything]
        commonName = supplied
        [server]
        subjectAltName = IP:127.0.0.1,DNS:localhost
        basicConstraints = critical,CA:TRUE

        """
    }
}
