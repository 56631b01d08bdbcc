import Foundation

/// Turns a libcurl result code into a ``HTTPClientError/Reason`` a person can act on.
///
/// The numbers are libcurl's `CURLcode` values, stable across versions (`curl/curl.h`).
struct CurlFailure {
    var code: Int
    var info: CurlInfo
    var request: HTTPRequest
    /// How far the last response had come when the transfer stopped: what tells libcurl's out-of-memory
    /// and unsupported-protocol codes apart.
    var progress = ResponseProgress()

    /// How far the last response had come when the transfer stopped.
    struct ResponseProgress {
        /// Whether its head was complete (the blank line arrived).
        var isHeadComplete = false
        /// Its `Content-Encoding`, when the head named one.
        var contentEncoding: String?
        /// Where it redirected, when it was a redirect with a `Location`.
        var redirectTarget: URL?
    }

    /// `CURLE_OPERATION_TIMEDOUT`.
    static let operationTimedOut = 28
    /// libcurl's limit for one response header line (`CURL_MAX_HTTP_HEADER`), past which it reports
    /// `CURLE_OUT_OF_MEMORY`.
    static let headerLineLimit = 100 * 1024
    /// How much decoded body libcurl keeps while the writer is paused (`DYN_PAUSE_BUFFER`), past which it
    /// reports `CURLE_OUT_OF_MEMORY`.
    static let pausedBodyLimit = 64 << 20
    /// The schemes a redirect may go to (`CURLOPT_REDIR_PROTOCOLS_STR`).
    static let redirectSchemes = "http,https"

    var reason: HTTPClientError.Reason {
        let detail = info.errorMessage.isEmpty ? Curl.describe(code) : info.errorMessage
        let host = request.url?.host ?? request.targetDescription
        switch code {
        case 1, 3:  // UNSUPPORTED_PROTOCOL, URL_MALFORMAT
            if let target = progress.redirectTarget {
                return .rejected(
                    "the server redirected to \(InputExcerpt(target.absoluteString)), which is not followed "
                        + "(only http and https redirects are)")
            }
            let url = InputExcerpt(request.url?.absoluteString ?? request.targetDescription)
            return .invalidURL("libcurl cannot use \(url): \(detail)")
        case 27: return outOfMemoryReason(detail: detail)  // OUT_OF_MEMORY
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

    /// What libcurl's `CURLE_OUT_OF_MEMORY` meant: in a head, a header line past its limit; in an encoded
    /// body, more decoded bytes from one read than it holds while the writer catches up.
    private func outOfMemoryReason(detail: String) -> HTTPClientError.Reason {
        if !progress.isHeadComplete {
            return .malformedResponse(
                "a header line is longer than \(Self.headerLineLimit / 1024) KiB, libcurl's limit for one line")
        }
        if let encoding = progress.contentEncoding {
            return .rejected(
                "the body (Content-Encoding: \(InputExcerpt(encoding))) decoded to more than "
                    + "\(Self.pausedBodyLimit >> 20) MiB from one read of compressed bytes, more than libcurl holds "
                    + "while the body is written (a compression bomb?)")
        }
        return .transport(code: code, detail: detail)
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
