import Foundation

/// Turns a libcurl result code into a ``HTTPClientError/Reason`` a person can act on.
///
/// The numbers are libcurl's `CURLcode` values, stable across versions (`curl/curl.h`).
struct CurlFailure {
    var code: Int
    var info: CurlInfo
    var request: HTTPRequest

    /// `CURLE_OPERATION_TIMEDOUT`.
    static let operationTimedOut = 28

    var reason: HTTPClientError.Reason {
        let detail = info.errorMessage.isEmpty ? Curl.describe(code) : info.errorMessage
        let host = request.url?.host ?? request.targetDescription
        switch code {
        case 1, 3:  // UNSUPPORTED_PROTOCOL, URL_MALFORMAT
            let url = InputExcerpt(request.url?.absoluteString ?? request.targetDescription)
            return .invalidURL("libcurl cannot use \(url): \(detail)")
        case 5: return .cannotResolveHost(request.proxy?.host ?? detail)  // COULDNT_RESOLVE_PROXY
        case 6: return .cannotResolveHost(host)  // COULDNT_RESOLVE_HOST
        case 7:  // COULDNT_CONNECT
            if info.osErrno == Int(ECONNREFUSED) { return .connectionRefused(host: host, port: port) }
            return .transport(code: code, detail: "could not connect to \(host): \(detail)")
        case Self.operationTimedOut: return .timedOut(timeoutPhase)
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91:  // TLS handshake and certificate codes
            return .tlsFailure(tlsFailure(detail: detail, host: host))
        case 18:  // PARTIAL_FILE
            return .bodyTruncated("\(detail) (Content-Length promised more than the server sent)")
        case 52: return .connectionReset  // GOT_NOTHING: the server closed without answering
        case 55, 56:  // SEND_ERROR, RECV_ERROR
            if detail.localizedCaseInsensitiveContains("chunk") || detail.localizedCaseInsensitiveContains("encoding") {
                return .bodyTruncated("the response's framing is broken: \(detail)")
            }
            return .connectionReset
        case 47: return .tooManyRedirects(limit: redirectLimit)  // TOO_MANY_REDIRECTS
        case 42: return .canceled  // ABORTED_BY_CALLBACK
        case 26: return .fileFailed(detail)  // READ_ERROR
        case 23: return .fileFailed(detail)  // WRITE_ERROR
        case 61: return .transport(code: code, detail: "the body's Content-Encoding could not be decoded: \(detail)")
        case 8: return .transport(code: code, detail: "the server's reply is not valid HTTP: \(detail)")
        default: return .transport(code: code, detail: detail)
        }
    }

    /// Where a timeout hit, from which marks libcurl reached.
    private var timeoutPhase: HTTPClientError.TimeoutPhase {
        if info.connect == 0 && info.appConnect == 0 { return .connecting }
        if info.startTransfer == 0 { return .waitingForResponse }
        return .receivingBody
    }

    private var port: Int? {
        request.url?.port ?? (request.url?.scheme?.lowercased() == "https" ? 443 : 80)
    }

    private var redirectLimit: Int {
        if case .follow(let limit) = request.redirectPolicy { limit } else { 0 }
    }
}
