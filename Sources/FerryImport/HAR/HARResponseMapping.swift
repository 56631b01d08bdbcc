import FerryWorkbench
import Foundation

/// The rules that map a HAR entry's `response`, `timings` and `startedDateTime` to a ``RecordedExchange``.
enum HARResponseMapping {
    /// The exchange of `entry` whose request was imported as `request`; `nil` when the entry records no response
    /// (no `response` object, or a status of 0 or less, as browsers write for blocked or failed requests).
    static func exchange(_ entry: PostmanJSON.Node, request: SavedRequest) -> RecordedExchange? {
        guard let response = entry["response"], response.kind == .object,
            let status = response["status"]?.text.flatMap({ Int($0) }), status > 0
        else { return nil }
        let content = response["content"]
        let body = content.flatMap(bodyText)
        let recordedSize = content?["size"]?.text.flatMap { Int($0) } ?? -1
        return RecordedExchange(
            started: started(entry["startedDateTime"]?.text),
            method: request.method, url: request.url,
            requestHeaders: request.headers.map { HistoryEntry.Header(name: $0.name, value: $0.value) },
            requestBody: request.body,
            status: status, reason: response["statusText"]?.nonEmptyText,
            httpVersion: response["httpVersion"]?.nonEmptyText,
            responseHeaders: (response["headers"]?.elements ?? []).compactMap { header in
                guard let name = header["name"]?.nonEmptyText, !name.hasPrefix(":") else { return nil }
                return HistoryEntry.Header(name: name, value: header["value"]?.text ?? "")
            },
            responseBody: body, responseSize: recordedSize >= 0 ? recordedSize : body?.utf8.count ?? 0,
            timing: timing(entry["timings"], total: entry["time"]?.text.flatMap { Double($0) }))
    }

    /// `content.text`, base64-decoded when `encoding` says so; `nil` when absent or the bytes are not UTF-8 text.
    static func bodyText(_ content: PostmanJSON.Node) -> String? {
        guard let text = content["text"]?.text, !text.isEmpty else { return nil }
        guard content["encoding"]?.text?.lowercased() == "base64" else { return text }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// HAR `timings` (milliseconds, -1 for "not applicable") as Ferry's breakdown; `connect` without the TLS
    /// handshake, which HAR counts in it. `total` is the entry's `time`, or the sum of the parts.
    static func timing(_ node: PostmanJSON.Node?, total: Double?) -> HistoryEntry.Timing? {
        guard let node, node.kind == .object else { return nil }
        func part(_ key: String) -> Double { max(0, node[key]?.text.flatMap { Double($0) } ?? 0) }
        let tls = part("ssl")
        let parts = (
            dns: part("dns"), connect: max(0, part("connect") - tls), send: part("send"), wait: part("wait"),
            receive: part("receive")
        )
        let sum = part("blocked") + parts.dns + parts.connect + tls + parts.send + parts.wait + parts.receive
        return HistoryEntry.Timing(
            dns: parts.dns, connect: parts.connect, tls: tls, send: parts.send, waiting: parts.wait,
            download: parts.receive, total: total.map { max(0, $0) } ?? sum)
    }

    /// `startedDateTime` (ISO 8601, with or without fractional seconds) in seconds since 1970; 0 when missing
    /// or unreadable.
    static func started(_ text: String?) -> Double {
        guard let text else { return 0 }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)?.timeIntervalSince1970 ?? 0
    }
}
