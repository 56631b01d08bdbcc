import FerryJSON

// MARK: - The history line, written without Codable

extension HistoryEntry {
    /// The entry as one line of `history.jsonl`, newline included: the bytes `JSONEncoder` writes with
    /// `.sortedKeys` and `.withoutEscapingSlashes` (keys in order, absent values left out), made with
    /// FerryJSON so recording a send pays for no `Codable` machinery.
    var historyLine: [UInt8] {
        var bytes = jsonValue.formattedBytes(.compact)
        bytes.append(0x0A)
        return bytes
    }

    /// The entry as a JSON object whose members are in `JSONEncoder`'s sorted order.
    var jsonValue: JSONValue {
        var members = JSONMembers()
        members.add("environment", environment.map(JSONValue.string))
        members.add("error", error.map(JSONValue.string))
        members.add("httpVersion", httpVersion.map(JSONValue.string))
        members.add("method", .string(method))
        members.add("reason", reason.map(JSONValue.string))
        members.add("remoteAddress", remoteAddress.map(JSONValue.string))
        members.add("remotePort", remotePort.map(JSONValue.integer))
        members.add("requestBody", requestBody.map(JSONValue.string))
        members.add("requestHeaders", .array(requestHeaders.map(\.jsonValue)))
        members.add("requestID", .string(requestID))
        members.add("requestPath", .string(requestPath))
        members.add("requestSize", .integer(requestSize))
        members.add("responseBody", responseBody.map(JSONValue.string))
        members.add("responseBodyTruncated", .bool(responseBodyTruncated))
        members.add("responseHeaders", .array(responseHeaders.map(\.jsonValue)))
        members.add("responseSize", .integer(responseSize))
        members.add("status", status.map(JSONValue.integer))
        members.add("time", .double(time))
        members.add("timing", timing?.jsonValue)
        members.add("url", .string(url))
        return .object(JSONObject(members.list))
    }
}

extension HistoryEntry.Header {
    /// `{"name":…,"value":…}`.
    var jsonValue: JSONValue {
        .object(
            JSONObject([JSONMember(key: "name", value: .string(name)), JSONMember(key: "value", value: .string(value))])
        )
    }
}

extension HistoryEntry.Timing {
    /// The phases in milliseconds, keys sorted, `send` left out when absent.
    var jsonValue: JSONValue {
        var members = JSONMembers()
        members.add("connect", .double(connect))
        members.add("dns", .double(dns))
        members.add("download", .double(download))
        members.add("send", send.map(JSONValue.double))
        members.add("tls", .double(tls))
        members.add("total", .double(total))
        members.add("waiting", .double(waiting))
        return .object(JSONObject(members.list))
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
