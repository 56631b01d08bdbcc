import Foundation

/// A TLS client certificate a request presents (mutual TLS): curl's `--cert`, `--cert-type`, `--key` and
/// `--pass`.
///
/// ```swift
/// request.clientCertificate = ClientCertificate(
///     certificate: URL(fileURLWithPath: "client.pem"), key: URL(fileURLWithPath: "client.key"))
/// ```
public struct ClientCertificate: Sendable, Hashable {
    /// How the certificate file is encoded.
    public enum Format: String, Sendable, Hashable {
        /// PEM text (the certificate, and the key when ``key`` is `nil`).
        case pem = "PEM"
        /// DER bytes.
        case der = "DER"
        /// PKCS#12 (`.p12`, `.pfx`): the certificate and its key in one file.
        case pkcs12 = "P12"
    }

    /// The certificate file.
    public var certificate: URL
    /// Its encoding.
    public var format: Format
    /// The private key's file, when it is not in ``certificate``.
    public var key: URL?
    /// The passphrase of the key (or of the PKCS#12 file), when it has one.
    public var passphrase: String?

    /// A certificate in `certificate` (of `format`), its key in `key` (or in the same file), unlocked with
    /// `passphrase`.
    public init(certificate: URL, format: Format = .pem, key: URL? = nil, passphrase: String? = nil) {
        self.certificate = certificate
        self.format = format
        self.key = key
        self.passphrase = passphrase
    }
}
