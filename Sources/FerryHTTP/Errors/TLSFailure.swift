import Foundation

/// Why a TLS connection failed: the kind of problem, worded for a person, and what to do about it.
///
/// ```swift
/// if case .tlsFailure(let failure) = error.reason, failure.kind == .selfSigned {
///     print(failure.explanation, failure.advice)
/// }
/// ```
public struct TLSFailure: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The kinds of TLS problems a person can tell apart and act on.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The server's certificate signs itself and is not among the trusted certificates.
        case selfSigned
        /// The chain ends in a self-signed root that is not trusted.
        case selfSignedInChain
        /// The issuer of the certificate is unknown: its CA is not trusted.
        case unknownIssuer
        /// The certificate's validity period has ended.
        case expired
        /// The certificate's validity period has not started yet.
        case notYetValid
        /// The certificate does not name the host the request was sent to.
        case hostnameMismatch
        /// The certificate was revoked by its issuer.
        case revoked
        /// The CA bundle given to trust could not be read.
        case unreadableCertificateAuthority
        /// The handshake itself failed (not TLS on that port, no common protocol or cipher, …).
        case handshakeFailed
        /// The transport cannot do what the request asks (a setting it does not support), said in ``TLSFailure/detail``.
        case unsupported
        /// Something else, described by ``TLSFailure/detail``.
        case other
    }

    /// The kind of problem.
    public var kind: Kind
    /// The transport's own words (for libcurl: its error buffer), for the curious.
    public var detail: String
    /// The host the request went to, when known.
    public var host: String?

    /// A failure of `kind`, with the transport's `detail` and the `host` the request went to.
    public init(_ kind: Kind, detail: String = "", host: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.host = host
    }

    /// An ``Kind/other`` failure described by `value`.
    public init(stringLiteral value: String) {
        self.init(.other, detail: value)
    }

    // MARK: - Words

    /// Why the connection failed, as a clause: "the server's certificate is self-signed, …".
    public var explanation: String {
        switch kind {
        case .selfSigned:
            "the server's certificate is self-signed, so no trusted authority vouches for it"
        case .selfSignedInChain:
            "the server's certificate chain ends in a self-signed root that is not trusted"
        case .unknownIssuer:
            "the server's certificate was issued by an unknown authority (its issuer's certificate is not trusted)"
        case .expired:
            "the server's certificate has expired"
        case .notYetValid:
            "the server's certificate is not valid yet"
        case .hostnameMismatch:
            "the server's certificate is not valid for the host name \(host.map { "\"\($0)\"" } ?? "in the URL")"
        case .revoked:
            "the server's certificate was revoked"
        case .unreadableCertificateAuthority:
            "the CA bundle to trust could not be read"
        case .handshakeFailed:
            "the TLS handshake failed\(detail.isEmpty ? "" : " (\(detail))")"
        case .unsupported, .other:
            detail.isEmpty ? "the TLS connection failed" : detail
        }
    }

    /// What to do about it, as a sentence.
    public var advice: String {
        let insecure = "or turn TLS verification off for this request (# @insecure, --insecure) if you trust the server"
        switch kind {
        case .selfSigned:
            return "Trust it by passing the server's certificate as the CA bundle, \(insecure)."
        case .selfSignedInChain, .unknownIssuer:
            return "Pass the issuing CA's certificate as the CA bundle, \(insecure)."
        case .expired, .notYetValid:
            return "Renew the server's certificate or check this machine's clock, \(insecure)."
        case .hostnameMismatch:
            return "Use a host name the certificate lists (its subjectAltName), \(insecure)."
        case .revoked:
            return "Do not trust this server until it has a new certificate."
        case .unreadableCertificateAuthority:
            return "Check the CA bundle's path and that it holds PEM certificates."
        case .handshakeFailed:
            return "Check that the URL's scheme and port are right (https on a port that speaks TLS)."
        case .unsupported:
            return "Send it with CurlTransport, which supports every TLS setting."
        case .other:
            return "Check the server's certificate, \(insecure)."
        }
    }

    /// The ``explanation``.
    public var description: String { explanation }
}
