import FerryHTTP
import FerryJSON
import Foundation

/// Exchanges as a HAR 1.2 document (`log.version`, `log.creator`, `log.entries`), written with FerryJSON in
/// the spec's member order and pretty-printed.
///
/// ```swift
/// let entries = HistoryLog(stateFolder: workspace.stateFolder).entries().map(HARExchange.init(history:))
/// let bytes = HARExporter(creatorVersion: "0.1.0").bytes(for: entries)
/// ```
///
/// Unknown sizes are `-1`, an unknown HTTP version is `""`. Response text that is not UTF-8 is written as
/// base64 with `"encoding": "base64"`. A failed send gets status `0` and its error in `_error` (as Chrome
/// writes it) and in the entry's comment.
public struct HARExporter: Sendable {
    /// The `log.creator.version`: Ferry's version.
    public var creatorVersion: String

    /// An exporter naming Ferry `creatorVersion` as the creator.
    public init(creatorVersion: String) {
        self.creatorVersion = creatorVersion
    }

    /// The HAR document for `exchanges`, in their order, pretty-printed, ending with a line break.
    public func bytes(for exchanges: [HARExchange]) -> [UInt8] {
        var bytes = document(for: exchanges).formattedBytes(.pretty(indent: 2))
        bytes.append(0x0A)
        return bytes
    }

    /// The HAR document for `exchanges`.
    public func document(for exchanges: [HARExchange]) -> JSONValue {
        .object([
            "log": .object([
                "version": "1.2",
                "creator": .object(["name": "Ferry", "version": .string(creatorVersion)]),
                "entries": .array(exchanges.map(entry)),
            ])
        ])
    }

    // MARK: - Entries

    /// One `entries[]` member.
    public func entry(_ exchange: HARExchange) -> JSONValue {
        var members: [JSONMember] = [
            member("startedDateTime", .string(Self.timestamp(exchange.started))),
            member("time", Self.number(exchange.timings?.total ?? 0)),
            member("request", request(exchange)),
            member("response", response(exchange)),
            member("cache", .object(JSONObject())),
            member("timings", timings(exchange.timings)),
        ]
        if let address = exchange.serverIPAddress { members.append(member("serverIPAddress", .string(address))) }
        if let connection = exchange.connection { members.append(member("connection", .string(connection))) }
        if let comment = exchange.comment { members.append(member("comment", .string(comment))) }
        return .object(JSONObject(members))
    }

    func request(_ exchange: HARExchange) -> JSONValue {
        var members: [JSONMember] = [
            member("method", .string(exchange.method)),
            member("url", .string(exchange.url)),
            member("httpVersion", .string(exchange.httpVersion ?? "")),
            member("cookies", .array(Self.requestCookies(exchange.requestHeaders))),
            member("headers", Self.headers(exchange.requestHeaders)),
            member("queryString", .array(Self.queryString(exchange.url).map(Self.pair))),
        ]
        if exchange.requestBodySize > 0 || exchange.requestBody != nil {
            let type = exchange.requestHeaders["Content-Type"] ?? ""
            var postData: [JSONMember] = [member("mimeType", .string(type))]
            if let text = exchange.requestBody {
                if type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
                    postData.append(member("params", .array(Self.formParameters(text).map(Self.pair))))
                }
                postData.append(member("text", .string(text)))
            } else {
                postData.append(member("text", ""))
                postData.append(member("comment", "the body is not text and was not recorded"))
            }
            members.append(member("postData", .object(JSONObject(postData))))
        }
        members.append(member("headersSize", .number(JSONNumber(exchange.requestHeadersSize ?? -1))))
        members.append(member("bodySize", .number(JSONNumber(exchange.requestBodySize))))
        return .object(JSONObject(members))
    }

    func response(_ exchange: HARExchange) -> JSONValue {
        let headers = exchange.responseHeaders
        var content: [JSONMember] = [
            member("size", .number(JSONNumber(exchange.responseBodySize))),
            member("mimeType", .string(headers["Content-Type"] ?? "")),
        ]
        if let body = exchange.responseBody {
            if let text = String(data: body, encoding: .utf8) {
                content.append(member("text", .string(text)))
            } else {
                content.append(member("text", .string(body.base64EncodedString())))
                content.append(member("encoding", "base64"))
            }
        }
        if exchange.responseBodyTruncated {
            content.append(member("comment", "text holds only the first part of the body"))
        }
        // The size on the wire is known only when the body was not compressed (the size is after decoding).
        let wireSize = exchange.status == nil || headers["Content-Encoding"] != nil ? -1 : exchange.responseBodySize
        var members: [JSONMember] = [
            member("status", .number(JSONNumber(exchange.status ?? 0))),
            member("statusText", .string(exchange.statusText)),
            member("httpVersion", .string(exchange.httpVersion ?? "")),
            member("cookies", .array(headers.values(for: "Set-Cookie").compactMap(Self.setCookie))),
            member("headers", Self.headers(headers)),
            member("content", .object(JSONObject(content))),
            member("redirectURL", .string(headers["Location"] ?? "")),
            member("headersSize", -1),
            member("bodySize", .number(JSONNumber(wireSize))),
        ]
        if let error = exchange.error { members.append(member("_error", .string(error))) }
        return .object(JSONObject(members))
    }

    func timings(_ timings: HARTimings?) -> JSONValue {
        let value = timings ?? HARTimings(dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0)
        return .object([
            "blocked": Self.number(value.blocked), "dns": Self.number(value.dns),
            "connect": Self.number(value.connect), "ssl": Self.number(value.ssl), "send": Self.number(value.send),
            "wait": Self.number(value.wait), "receive": Self.number(value.receive),
        ])
    }

    // MARK: - Helpers

    func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }

    static func headers(_ headers: HTTPHeaders) -> JSONValue {
        .array(headers.map { pair(name: $0.name, value: $0.value) })
    }

    static func pair(name: String, value: String) -> JSONValue {
        .object(["name": .string(name), "value": .string(value)])
    }

    static func pair(_ item: (name: String, value: String)) -> JSONValue { pair(name: item.name, value: item.value) }

    /// Milliseconds with at most three decimals (`12.346`), whole numbers without a fraction.
    static func number(_ value: Double) -> JSONValue {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return .number(JSONNumber(Int(rounded))) }
        return JSONNumber(rounded).map(JSONValue.number) ?? .number(JSONNumber(-1))
    }

    /// ISO 8601 with milliseconds, in UTC: `2026-11-29T23:05:01.123Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The query of `url` as name/value pairs, percent-decoded (`+` kept, as browsers write it).
    static func queryString(_ url: String) -> [(name: String, value: String)] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        let query = url[url.index(after: question)...].prefix { $0 != "#" }
        return query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            return (name.removingPercentEncoding ?? name, value.removingPercentEncoding ?? value)
        }
    }

    /// `a=1&b=x+y` as decoded name/value pairs (`+` is a space in a form).
    static func formParameters(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The cookies of the request's `Cookie` headers.
    static func requestCookies(_ headers: HTTPHeaders) -> [JSONValue] {
        headers.values(for: "Cookie").flatMap { $0.split(separator: ";") }.compactMap { pairText in
            let trimmed = pairText.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            return pair(name: String(trimmed[..<equals]), value: String(trimmed[trimmed.index(after: equals)...]))
        }
    }

    /// A `Set-Cookie` value as a HAR cookie: name, value and the attributes it states.
    static func setCookie(_ header: String) -> JSONValue? {
        let items = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = items.first, let equals = first.firstIndex(of: "=") else { return nil }
        var members = [
            JSONMember(key: "name", value: .string(String(first[..<equals]))),
            JSONMember(key: "value", value: .string(String(first[first.index(after: equals)...]))),
        ]
        for attribute in items.dropFirst() {
            let parts = attribute.split(separator: "=", maxSplits: 1).map(String.init)
            let value = parts.count > 1 ? parts[1] : ""
            switch parts[0].lowercased() {
            case "path": members.append(JSONMember(key: "path", value: .string(value)))
            case "domain": members.append(JSONMember(key: "domain", value: .string(value)))
            case "expires":
                if let date = httpDate(value) {
                    members.append(JSONMember(key: "expires", value: .string(timestamp(date))))
                }
            case "httponly": members.append(JSONMember(key: "httpOnly", value: true))
            case "secure": members.append(JSONMember(key: "secure", value: true))
            default: break
            }
        }
        return .object(JSONObject(members))
    }

    /// An HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`, also with dashes as old servers write it).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in [
            "EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd-MMM-yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz",
        ] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
