/// The head of a request as the transport wrote it: the request line and every header field, in order,
/// including those the transport added on its own (`Host`, `User-Agent`, `Accept`, `Content-Length`,
/// `Authorization`, cookies, …). No body.
///
/// Over HTTP/2 the head is shown the way libcurl shows it: an HTTP/1-style request line with the version
/// `HTTP/2` and the fields as sent (the pseudo-headers folded into the request line and `Host`).
///
/// ```swift
/// var request = HTTPRequest(url: url)
/// request.recordsSentHead = true
/// let response = try await client.send(request)
/// print(response.sentHead?.requestLine ?? "")   // "GET /get HTTP/1.1"
/// ```
public struct SentRequestHead: Sendable, Hashable {
    /// The method token, such as `GET` or `CONNECT`.
    public var method: String
    /// The request target as sent, such as `/get?a=1` (or `host:443` for `CONNECT`).
    public var target: String
    /// The version token, such as `HTTP/1.1` or `HTTP/2`.
    public var version: String
    /// The header fields in the order they were sent, names spelled as sent.
    public var headers: HTTPHeaders

    /// A head with the given parts.
    public init(method: String, target: String, version: String, headers: HTTPHeaders = [:]) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The request line without its line end, such as `GET /get HTTP/1.1`.
    public var requestLine: String { "\(method) \(target) \(version)" }

    /// The head as text: the request line and `Name: value` lines, each ended by CRLF, then an empty line.
    public var text: String {
        var text = requestLine + "\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return text + "\r\n"
    }

    // MARK: - Parsing

    /// Parses the bytes of a request head (a request line, header lines, optionally the empty line that
    /// ends them; CRLF or bare LF line ends). Returns `nil` when the first line is not
    /// `METHOD TARGET HTTP/…`; a header line without a colon is skipped.
    public init?(parsing bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        // "\r\n" is one Character, so it and a bare "\n" both end a line.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\r\n" || $0 == "\n" }[...]
        guard let first = lines.popFirst() else { return nil }
        let parts = first.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/") else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers.add(String(line[..<colon]), String(Self.trimmingTrailingSpace(value)))
        }
        self.init(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers)
    }

    private static func trimmingTrailingSpace(_ text: Substring) -> Substring {
        var text = text
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
