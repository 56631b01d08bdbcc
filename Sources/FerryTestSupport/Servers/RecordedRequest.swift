import Foundation

/// A request exactly as the ``TestHTTPServer`` received it, for assertions on what went over the wire.
public struct RecordedRequest: Sendable {
    /// The method, such as `GET`.
    public var method: String
    /// The request target as sent, such as `/get?a=1`.
    public var target: String
    /// The HTTP version token, such as `HTTP/1.1`.
    public var version: String
    /// Header fields in the order received, names as spelled by the client.
    public var headers: [(name: String, value: String)]
    /// The body bytes after any chunked framing was removed.
    public var body: Data
    /// Whether the body arrived with `Transfer-Encoding: chunked`.
    public var wasChunked: Bool
    /// A number counting accepted connections from 1, to tell reuse from new connections.
    public var connectionNumber: Int

    /// The path part of the target, without the query.
    public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }

    /// The query part of the target, without the `?`, or `nil` when there is none.
    public var query: String? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? String(parts[1]) : nil
    }

    /// The first value of a header, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The request rendered as a JSON object: `method`, `target`, `headers` (a list of pairs) and `body`.
    public var echoJSON: Data {
        let object: [String: Any] = [
            "method": method,
            "target": target,
            "version": version,
            "headers": headers.map { [$0.name, $0.value] },
            "body": bodyText,
            "chunked": wasChunked,
            "connection": connectionNumber,
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
