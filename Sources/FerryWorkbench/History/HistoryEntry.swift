import FerryHTTP
import Foundation

/// One send, as recorded in `.ferry/history.jsonl`: the request as sent (secrets masked unless
/// asked otherwise), the outcome, sizes, timing and the start of the response body.
public struct HistoryEntry: Codable, Sendable, Hashable {
    /// A header field.
    public struct Header: Codable, Sendable, Hashable {
        /// The field name.
        public var name: String
        /// The value (masked when it held a secret).
        public var value: String

        /// A header `name: value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Timing of the transfer in milliseconds.
    public struct Timing: Codable, Sendable, Hashable {
        /// DNS lookup.
        public var dns: Double
        /// TCP connect.
        public var connect: Double
        /// TLS handshake.
        public var tls: Double
        /// Waiting for the first byte.
        public var waiting: Double
        /// Receiving the body.
        public var download: Double
        /// The whole transfer.
        public var total: Double
        /// Sending the request; absent in lines written before it was recorded.
        public var send: Double? = nil
    }

    /// When the send started, in seconds since 1970.
    public var time: Double
    /// The request's stable id (survives renames and moves).
    public var requestID: String
    /// The request's workspace id at the time (`folder/file.http#name`).
    public var requestPath: String
    /// The environment used, if any.
    public var environment: String?
    /// The method.
    public var method: String
    /// The URL as sent (masked).
    public var url: String
    /// The request headers as sent (masked).
    public var requestHeaders: [Header]
    /// The request body as text (masked), capped; `nil` for none or binary.
    public var requestBody: String?
    /// The request body's size in bytes.
    public var requestSize: Int
    /// The response status, or `nil` when the transfer failed.
    public var status: Int?
    /// The transport error, when the transfer failed.
    public var error: String?
    /// The response headers.
    public var responseHeaders: [Header]
    /// The response body as text, up to the log's cap (secrets masked); `nil` for binary bodies.
    public var responseBody: String?
    /// Whether ``responseBody`` was cut at the cap.
    public var responseBodyTruncated: Bool
    /// The response body's size in bytes.
    public var responseSize: Int
    /// The timing breakdown, when the transport measured one.
    public var timing: Timing?
    /// The status line's reason phrase (`OK`), when there was a response; absent in lines written before it
    /// was recorded, as are the fields below.
    public var reason: String?
    /// The response's HTTP version (`HTTP/1.1`, `HTTP/2`), when the transport reported it.
    public var httpVersion: String?
    /// The address the request went to, when the transport reported it.
    public var remoteAddress: String?
    /// The port the request went to, when the transport reported it.
    public var remotePort: Int?
    /// How many of ``responseHeaders``' last fields are trailers (sent after the body, as gRPC's
    /// `grpc-status`); absent when there were none.
    public var responseTrailerCount: Int?
}

extension HistoryEntry {
    /// An entry for a finished send. Secret values (and headers built from them) are masked in
    /// the request and the response unless `includeSecrets`; bodies are kept up to `bodyCap` bytes.
    public init(
        prepared: PreparedRequest, requestID: String, requestPath: String, environment: String?,
        started: Date, result: Result<HTTPResponse, HTTPClientError>, bodyCap: Int = 64 * 1024,
        includeSecrets: Bool = false
    ) {
        let scrubber = includeSecrets ? SecretScrubber.none : prepared.scrubber
        time = started.timeIntervalSince1970
        self.requestID = requestID
        self.requestPath = requestPath
        self.environment = environment
        method = prepared.method
        // The masked copies are scrubbed too: a secret's value may also be written out in the request.
        url = includeSecrets ? prepared.url : scrubber.scrub(prepared.maskedURL)
        requestHeaders = prepared.headers.map {
            Header(name: $0.name, value: includeSecrets ? $0.value : scrubber.scrub($0.maskedValue))
        }
        let bodyText = prepared.body.flatMap { String(data: $0, encoding: .utf8) }
        requestBody = (includeSecrets ? bodyText : prepared.maskedBody.map(scrubber.scrub)).map {
            Self.text(Data($0.utf8), cap: bodyCap) ?? ""
        }
        requestSize = prepared.body?.count ?? 0
        switch result {
        case .success(let response):
            status = response.status
            error = nil
            responseHeaders = response.headers.map {
                Header(name: $0.name, value: scrubber.scrub($0.value))
            }
            // Mask before cutting, so a secret straddling the cap cannot leak its first half.
            responseBody = Self.text(response.body, cap: bodyCap + 4096).flatMap {
                Self.text(Data(scrubber.scrub($0).utf8), cap: bodyCap)
            }
            responseBodyTruncated = response.body.count > bodyCap
            responseSize = response.body.count
            timing = response.timing.map(Timing.init)
            reason = response.reason
            httpVersion = response.timing?.httpVersion?.rawValue
            remoteAddress = response.timing?.remoteAddress
            remotePort = response.timing?.remotePort
            responseTrailerCount = response.trailerCount > 0 ? response.trailerCount : nil
        case .failure(let failure):
            status = nil
            error = scrubber.scrub(failure.message)
            responseHeaders = []
            responseBody = nil
            responseBodyTruncated = false
            responseSize = 0
            timing = nil
        }
    }
}

extension HistoryEntry {
    /// The first `cap` bytes of `data` as UTF-8 text, cut back to a character boundary; `nil` when
    /// the bytes are not text.
    static func text(_ data: Data, cap: Int) -> String? {
        var end = min(cap, data.count)
        // Back off over continuation bytes so a multi-byte character is never split.
        if end < data.count {
            while end > 0 && data[data.startIndex + end] & 0xC0 == 0x80 { end -= 1 }
        }
        return String(data: data.prefix(end), encoding: .utf8)
    }
}

extension HistoryEntry.Timing {
    /// Milliseconds from FerryHTTP's timing.
    init(_ timing: TransferTiming) {
        func ms(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        self.init(
            dns: ms(timing.dnsLookup), connect: ms(timing.connect), tls: ms(timing.tlsHandshake),
            waiting: ms(timing.waiting), download: ms(timing.download), total: ms(timing.total),
            send: ms(timing.requestSent))
    }
}
