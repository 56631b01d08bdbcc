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
    /// The request's headers left out of this head because its redirect left the request's origin, when
    /// ``HTTPClient`` followed the redirect itself (see ``HTTPRequest/sensitiveHeaders``); `nil` when none were.
    public var droppedHeaders: DroppedHeaders?

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
        let parsed = bytes.withContiguousStorageIfAvailable { Self.parse(UnsafeRawBufferPointer($0)) }
        guard let head = parsed ?? Array(bytes).withUnsafeBytes({ Self.parse($0) }) else { return nil }
        self = head
    }

    /// Parses on the bytes themselves, line by line, so no line is built as a `String` before it is split.
    private static func parse(_ bytes: UnsafeRawBufferPointer) -> SentRequestHead? {
        var lines = Lines(bytes: bytes)
        guard let first = lines.next() else { return nil }
        let space = UInt8(ascii: " ")
        guard let methodEnd = first[first.startIndex...].firstIndex(of: space) else { return nil }
        var targetStart = methodEnd + 1
        while targetStart < first.endIndex, first[targetStart] == space { targetStart += 1 }
        guard let targetEnd = first[targetStart...].firstIndex(of: space) else { return nil }
        var versionStart = targetEnd + 1
        while versionStart < first.endIndex, first[versionStart] == space { versionStart += 1 }
        let version = text(first, versionStart..<first.endIndex)
        guard methodEnd > first.startIndex, targetEnd > targetStart, version.hasPrefix("HTTP/") else { return nil }
        var headers = HTTPHeaders()
        headers.reserveCapacity(12)
        while let line = lines.next(), !line.isEmpty {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            var start = colon + 1
            var stop = line.endIndex
            while start < stop, line[start] == space || line[start] == 9 { start += 1 }
            while stop > start, line[stop - 1] == space || line[stop - 1] == 9 { stop -= 1 }
            headers.add(text(line, line.startIndex..<colon), text(line, start..<stop))
        }
        return SentRequestHead(
            method: text(first, first.startIndex..<methodEnd), target: text(first, targetStart..<targetEnd),
            version: version, headers: headers)
    }

    /// The bytes of `line` in `range` as UTF-8 text (invalid sequences repaired).
    private static func text(_ line: Slice<UnsafeRawBufferPointer>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: line[range]), as: UTF8.self)
    }

    /// The lines of a head without their CRLF or LF ends.
    private struct Lines {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        mutating func next() -> Slice<UnsafeRawBufferPointer>? {
            guard position < bytes.count else { return nil }
            let end = bytes[position...].firstIndex(of: 10) ?? bytes.count
            var stop = end
            if stop > position, bytes[stop - 1] == 13 { stop -= 1 }
            defer { position = end + 1 }
            return bytes[position..<stop]
        }
    }
}
