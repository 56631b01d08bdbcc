import FerryHTTP
import FerryWorkbench
import Foundation

// MARK: - Responses from the history: an entry opened, or a request's last response after a restart

extension AppReducer {
    /// Takes in the last recorded response of each request (read from the history at launch): each shows
    /// when its request is open and has no response of this session.
    static func recordedResponsesLoaded(_ recorded: [RequestID: HistoryEntry], _ state: inout AppState) -> [Effect] {
        for (id, entry) in recorded where state.response.exchanges[id] == nil && state.recorded[id] == nil {
            state.recorded[id] = entry
        }
        return []
    }

    /// When the open request has no exchange and a recorded response waits for it, shows that response (its
    /// status, headers and kept body) without sending; the body is prepared off the loop as a received one.
    /// The status bar says so, after `earlier` (what the action itself said) when there is that.
    static func showRecordedResponse(_ state: inout AppState, after earlier: AppState.Message?) -> [Effect] {
        guard let id = state.openRequest, state.response.exchanges[id] == nil,
            let entry = state.recorded.removeValue(forKey: id), let status = entry.status
        else { return [] }
        var headers = HTTPHeaders()
        for header in entry.responseHeaders { headers.add(header.name, header.value) }
        var response = HTTPResponse(
            status: status, reason: entry.reason ?? "", headers: headers,
            url: URL(string: entry.url) ?? URL(fileURLWithPath: "/"))
        response.timing = recordedTiming(of: entry)
        let sendID = state.nextSendID
        state.nextSendID = sendID.next
        var exchange = Exchange(id: sendID, requestID: id)
        // The request as the history recorded it (its secrets were masked when the line was written).
        exchange.sent = recordedRequest(of: entry)
        exchange.phase = .received(response)
        exchange.head = response
        let bytes = Array((entry.responseBody ?? "").utf8)
        let isWhole = !entry.responseBodyTruncated && (entry.responseBody != nil || entry.responseSize == 0)
        let body = ReceivedBody(storage: .memory(bytes), count: bytes.count, isComplete: isWhole, isBinary: false)
        exchange.received = body
        exchange.bodySize = bytes.count
        exchange.progress.bytesReceived = entry.responseSize
        exchange.isBodyIncomplete = !isWhole
        exchange.isBodyPartial = !isWhole
        exchange.body = bytes.isEmpty ? .empty : .parsing
        state.response.exchanges[id] = exchange
        let time = OverlayView.clock(Date(timeIntervalSince1970: entry.time))
        let kept =
            isWhole
            ? ""
            : " (\(WorkbenchView.formatBytes(bytes.count)) of \(WorkbenchView.formatBytes(entry.responseSize)) kept)"
        let key = AppKeyMap.hint(for: .send, in: state.keyMap).map { "; \($0) sends it again" } ?? ""
        let text = "The response recorded at \(time)\(kept), from the history\(key)."
        state.report(earlier.map { AppState.Message(text: $0.text + " " + text, isError: $0.isError) } ?? .info(text))
        guard !bytes.isEmpty else { return [] }
        let note = isWhole ? nil : "Recorded in the history: the first \(WorkbenchView.formatBytes(bytes.count)) kept."
        return [.prepareReceived(id: sendID, body, isJSON: response.mediaType?.isJSON ?? false, note: note)]
    }

    /// The timing a history line holds (milliseconds), as the Timing tab reads it; `nil` when it has none.
    static func recordedTiming(of entry: HistoryEntry) -> TransferTiming? {
        guard let recorded = entry.timing else { return nil }
        let duration = { (milliseconds: Double) in Duration.microseconds(Int64((milliseconds * 1000).rounded())) }
        var timing = TransferTiming()
        timing.dnsLookup = duration(recorded.dns)
        timing.connect = duration(recorded.connect)
        timing.tlsHandshake = duration(recorded.tls)
        timing.requestSent = duration(recorded.send ?? 0)
        timing.waiting = duration(recorded.waiting)
        timing.download = duration(recorded.download)
        timing.total = duration(recorded.total)
        timing.remoteAddress = entry.remoteAddress
        timing.remotePort = entry.remotePort
        timing.httpVersion = entry.httpVersion.flatMap(HTTPVersion.init(rawValue:))
        timing.bytesReceived = entry.responseSize
        timing.bytesSent = entry.requestSize
        return timing
    }

    /// The request a history line holds: its method, URL, headers and body, as the Request tab shows them.
    static func recordedRequest(of entry: HistoryEntry) -> HTTPRequest {
        var headers = HTTPHeaders()
        for header in entry.requestHeaders { headers.add(header.name, header.value) }
        let body = entry.requestBody.map { HTTPBody.data(Data($0.utf8), contentType: nil) } ?? .none
        let url = URL(string: entry.url) ?? URL(fileURLWithPath: "/")
        return HTTPRequest(HTTPMethod(rawValue: entry.method), url: url, headers: headers, body: body)
    }
}
