import FerryHTTP
import Foundation

// MARK: - From a history line

extension HARExchange {
    /// The exchange a history line records. Secrets are already masked there. Not recorded, so left
    /// unknown: the head sizes and binary bodies (text bodies are capped at 64 KiB, and the comment says when
    /// one was cut); lines written before Ferry recorded them also lack the HTTP version, the reason phrase,
    /// the server address and the send phase.
    public init(history entry: HistoryEntry) {
        self.init(started: Date(timeIntervalSince1970: entry.time), method: entry.method, url: entry.url)
        requestHeaders = HTTPHeaders(entry.requestHeaders.map { ($0.name, $0.value) })
        requestBody = entry.requestBody
        requestBodySize = entry.requestSize
        status = entry.status
        statusText = entry.reason ?? ""
        httpVersion = entry.httpVersion
        serverIPAddress = entry.remoteAddress
        connection = entry.remotePort.map(String.init)
        error = entry.error
        responseHeaders = HTTPHeaders(entry.responseHeaders.map { ($0.name, $0.value) })
        responseBody = entry.responseBody.map { Data($0.utf8) }
        responseBodyTruncated = entry.responseBodyTruncated
        responseBodySize = entry.responseSize
        timings = entry.timing.map { HARTimings($0, isTLS: Self.isTLS(entry.url)) }
        var notes = ["\(entry.requestPath) from Ferry's history"]
        if entry.responseBodyTruncated { notes.append("the response body was recorded up to 64 KiB only") }
        if entry.responseBody == nil && entry.responseSize > 0 {
            notes.append("the response body is not text and was not recorded")
        }
        comment = notes.joined(separator: "; ")
    }
}

// MARK: - From an exchange just made

extension HARExchange {
    /// The exchange of a request Ferry prepared and the response it got, masked as the history masks it
    /// (secret values, and headers built from them, read `••••••`). The response body is kept whole.
    public init(prepared: PreparedRequest, response: HTTPResponse, started: Date) {
        let scrubber = prepared.scrubber
        self.init(started: started, method: prepared.method, url: scrubber.scrub(prepared.maskedURL))
        let version = response.timing?.httpVersion?.rawValue
        httpVersion = version
        requestHeaders = HTTPHeaders(prepared.headers.map { ($0.name, scrubber.scrub($0.maskedValue)) })
        if let head = response.sentHead {
            requestHeadersSize = head.text.utf8.count
            // The head as sent names the fields the transport added (Host, User-Agent, Accept-Encoding, …).
            requestHeaders = HTTPHeaders(
                head.headers.map {
                    ($0.name, scrubber.scrubbingHeader(named: $0.name, value: $0.value))
                })
        }
        requestBody = prepared.maskedBody.map(scrubber.scrub)
        requestBodySize = prepared.body?.count ?? 0
        status = response.status
        statusText = response.reason
        responseHeaders = HTTPHeaders(
            response.headers.map { ($0.name, scrubber.scrub($0.value)) })
        if let text = String(data: response.body, encoding: .utf8) {
            responseBody = Data(scrubber.scrub(text).utf8)
        } else {
            responseBody = response.body
        }
        responseBodySize = response.body.count
        timings = response.timing.map { HARTimings($0, isTLS: Self.isTLS(prepared.url)) }
        serverIPAddress = response.timing?.remoteAddress
        connection = response.timing?.remotePort.map(String.init)
        if !response.redirects.isEmpty {
            let hops = response.redirects.map { "\($0.status) → " + scrubber.scrub($0.to.absoluteString) }
            comment = "followed \(hops.count) redirect(s): " + hops.joined(separator: ", ")
        }
    }

    /// Whether `url` is an `https` URL.
    static func isTLS(_ url: String) -> Bool { url.lowercased().hasPrefix("https://") }
}
