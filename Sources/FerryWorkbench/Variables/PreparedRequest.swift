import FerryHTTP
import Foundation

/// A saved request with every variable substituted: what goes on the wire, plus a masked copy
/// for showing and recording (secrets read `••••••`).
public struct PreparedRequest: Sendable, Hashable {
    /// A header field as sent, with its masked form.
    public struct Header: Sendable, Hashable {
        /// The field name.
        public var name: String
        /// The value as sent.
        public var value: String
        /// The value as shown: secrets masked.
        public var maskedValue: String
    }

    /// The method.
    public var method: String
    /// The absolute URL as sent.
    public var url: String
    /// The URL with secrets masked.
    public var maskedURL: String
    /// The header fields in order.
    public var headers: [Header]
    /// The body bytes, or `nil` for none.
    public var body: Data?
    /// The body as shown (secrets masked), when it is text; `nil` for no body or binary bytes.
    public var maskedBody: String?
    /// `# @timeout`, in seconds.
    public var timeout: Double?
    /// `# @connection-timeout`, in seconds.
    public var connectionTimeout: Double?
    /// The HTTP version written after the URL (`HTTP/2`), if any.
    public var httpVersion: String?
    /// `false` with `# @no-redirect`.
    public var followsRedirects: Bool
    /// `false` with `# @no-cookie-jar`.
    public var usesCookieJar: Bool
    /// `false` with `# @insecure` or the environment's `"verifyHostCertificate": false`: the TLS certificate is
    /// not verified.
    public var verifiesTLS: Bool = true
    /// The client certificate the environment's `SSLConfiguration` presents (without its passphrase, which the
    /// sender asks for), or `nil`.
    public var clientCertificate: ClientCertificate?
    /// Whether the key of ``clientCertificate`` needs a passphrase (`hasCertificatePassphrase`).
    public var needsPassphrase = false
    /// `# @retries`: how many times a transient failure is retried (0: never).
    public var retries: Int = 0
    /// `true` with `# @cache`: the request goes through the client's HTTP cache.
    public var usesCache = false
    /// `# @reconnect`: an event stream is opened again, until this many reconnections in a row brought no
    /// event; `nil`: never.
    public var reconnections: Int?
    /// The secret values that went into this request, for masking anything else derived from it.
    public var secrets: [String]

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> Header? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
