import FerryJSON

// MARK: - The history line, written without Codable

extension HistoryEntry {
    /// The entry as one line of `history.jsonl`, newline included: the bytes `JSONEncoder` writes with
    /// `.sortedKeys` and `.withoutEscapingSlashes` (keys in order, absent values left out), written member by
    /// member with FerryJSON's ``JSONObjectWriter``, so recording a send pays for no `Codable` machinery and no
    /// tree of values.
    var historyLine: [UInt8] {
        var object = JSONObjectWriter()
        object.add("environment", environment)
        object.add("error", error)
        object.add("httpVersion", httpVersion)
        object.add("method", method)
        object.add("reason", reason)
        object.add("remoteAddress", remoteAddress)
        object.add("remotePort", remotePort)
        object.add("requestBody", requestBody)
        object.addObjects("requestHeaders", count: requestHeaders.count) { Header.write(&$0, requestHeaders[$1]) }
        object.add("requestID", requestID)
        object.add("requestPath", requestPath)
        object.add("requestSize", requestSize)
        object.add("responseBody", responseBody)
        object.add("responseBodyTruncated", responseBodyTruncated)
        object.addObjects("responseHeaders", count: responseHeaders.count) { Header.write(&$0, responseHeaders[$1]) }
        object.add("responseSize", responseSize)
        object.add("responseTrailerCount", responseTrailerCount)
        object.add("status", status)
        object.add("time", number: time)
        if let timing { object.addObject("timing") { timing.write(&$0) } }
        object.add("url", url)
        var bytes = object.finished
        bytes.append(0x0A)
        return bytes
    }
}

extension HistoryEntry.Header {
    /// `{"name":…,"value":…}`.
    static func write(_ object: inout JSONObjectWriter, _ header: Self) {
        object.add("name", header.name)
        object.add("value", header.value)
    }
}

extension HistoryEntry.Timing {
    /// The phases in milliseconds, keys sorted, `send` left out when absent.
    func write(_ object: inout JSONObjectWriter) {
        object.add("connect", number: connect)
        object.add("dns", number: dns)
        object.add("download", number: download)
        object.add("send", number: send)
        object.add("tls", number: tls)
        object.add("total", number: total)
        object.add("waiting", number: waiting)
    }
}

/// Object members in the order added, absent values left out (as `Codable`'s `encodeIfPresent` does).
struct JSONMembers {
    /// The members so far.
    private(set) var list: [JSONMember] = []

    /// Adds `key` with `value` unless `value` is `nil`.
    mutating func add(_ key: String, _ value: JSONValue?) {
        if let value { list.append(JSONMember(key: key, value: value)) }
    }
}

extension JSONValue {
    /// The number `value`.
    static func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// The number `value` in its shortest spelling (`JSONEncoder`'s, `3` for `3.0`); 0 for an infinity or NaN,
    /// which JSON cannot spell (and which no clock or size gives).
    static func double(_ value: Double) -> JSONValue { .number(JSONNumber(value) ?? JSONNumber(0)) }
}
