import Testing

@testable import FerryHTTP

/// libcurl's TLS codes and OpenSSL's X509 verify results map to the ``TLSFailure`` kinds, and every kind
/// has words for why and what to do.
@Suite struct CurlTLSFailureMappingTests {
    @Test(arguments: [
        (9, TLSFailure.Kind.notYetValid), (10, .expired), (18, .selfSigned), (19, .selfSignedInChain),
        (2, .unknownIssuer), (20, .unknownIssuer), (21, .unknownIssuer), (23, .revoked), (62, .hostnameMismatch),
        (64, .hostnameMismatch),
    ])
    func verifyResultsHaveKinds(result: Int, kind: TLSFailure.Kind) {
        #expect(CurlFailure.kind(verifyResult: result) == kind)
    }

    @Test func unknownVerifyResultsFallBackToTheCode() {
        #expect(CurlFailure.kind(verifyResult: 0) == nil)
        #expect(CurlFailure.kind(verifyResult: 1) == nil)
        let mismatch = "SSL: no alternative certificate subject name matches target host name 'example.com'"
        #expect(CurlFailure.kind(code: 60, message: mismatch) == .hostnameMismatch)
        #expect(CurlFailure.kind(code: 60, message: "SSL certificate problem: certificate has expired") == .expired)
        #expect(
            CurlFailure.kind(code: 77, message: "error setting certificate file: /x.pem")
                == .unreadableCertificateAuthority)
        #expect(CurlFailure.kind(code: 35, message: "wrong version number") == .handshakeFailed)
        #expect(CurlFailure.kind(code: 58, message: "unable to use client certificate") == .other)
    }

    @Test(arguments: TLSFailure.Kind.allCases)
    func everyKindSaysWhyAndWhatToDo(kind: TLSFailure.Kind) {
        let failure = TLSFailure(kind, detail: "libcurl's words", host: "api.example")
        #expect(!failure.explanation.isEmpty)
        #expect(failure.advice.hasSuffix("."))
        let message = HTTPClientError(.tlsFailure(failure), request: HTTPRequest(path: "/")).message
        #expect(message.hasPrefix("The secure connection failed: \(failure.explanation). "))
    }

    @Test func aHostNameMismatchNamesTheHost() {
        let failure = TLSFailure(.hostnameMismatch, host: "api.example")
        #expect(failure.explanation == "the server's certificate is not valid for the host name \"api.example\"")
    }
}
