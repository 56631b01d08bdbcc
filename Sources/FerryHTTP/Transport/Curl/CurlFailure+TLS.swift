import Foundation

// MARK: - TLS failures in words

extension CurlFailure {
    /// The TLS failure behind a libcurl TLS code: for `CURLE_PEER_FAILED_VERIFICATION` (60) told apart by
    /// OpenSSL's X509 verify result (`CURLINFO_SSL_VERIFYRESULT`) and, where libcurl checks the host name
    /// itself (the result is then 0 or 1), by its message; other codes by the code.
    func tlsFailure(detail: String, host: String) -> TLSFailure {
        let kind: TLSFailure.Kind
        if code == 60, let verified = Self.kind(verifyResult: info.sslVerifyResult) {
            kind = verified
        } else {
            kind = Self.kind(code: code, message: detail)
        }
        return TLSFailure(kind, detail: detail, host: host)
    }

    /// The kind for an OpenSSL `X509_V_ERR_*` code, or `nil` for codes without a kind of their own.
    static func kind(verifyResult: Int) -> TLSFailure.Kind? {
        switch verifyResult {
        case 9: .notYetValid  // CERT_NOT_YET_VALID
        case 10: .expired  // CERT_HAS_EXPIRED
        case 18: .selfSigned  // DEPTH_ZERO_SELF_SIGNED_CERT
        case 19: .selfSignedInChain  // SELF_SIGNED_CERT_IN_CHAIN
        case 2, 20, 21: .unknownIssuer  // UNABLE_TO_GET_ISSUER_CERT(_LOCALLY), UNABLE_TO_VERIFY_LEAF_SIGNATURE
        case 23: .revoked  // CERT_REVOKED
        case 62, 64: .hostnameMismatch  // HOSTNAME_MISMATCH, IP_ADDRESS_MISMATCH
        default: nil
        }
    }

    /// The kind for a libcurl code when the verify result says nothing (libcurl's own host name check
    /// leaves it at 0 or 1 and says so in its message).
    static func kind(code: Int, message: String) -> TLSFailure.Kind {
        let lowered = message.lowercased()
        switch code {
        case 60 where lowered.contains("subject name") || lowered.contains("host name"):  // PEER_FAILED_VERIFICATION
            return .hostnameMismatch
        case 60 where lowered.contains("self-signed") || lowered.contains("self signed"):
            return .selfSigned
        case 60 where lowered.contains("expired"):
            return .expired
        case 60 where lowered.contains("issuer"):
            return .unknownIssuer
        case 77: return .unreadableCertificateAuthority  // SSL_CACERT_BADFILE
        case 35: return .handshakeFailed  // SSL_CONNECT_ERROR
        default: return .other
        }
    }
}
