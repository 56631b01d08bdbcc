import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - Responses from the history: an entry opened, or a request's last response after a restart

extension ResponseFeature.State {
    /// Starts request `id`'s next exchange under a new send id; a send of it still in flight is canceled
    /// (its result is dropped by id). Returns the id and the cancel to run.
    mutating func beginExchange(for id: RequestID) -> (SendID, [Effect]) {
        let effects: [Effect] = exchanges[id].map { $0.isInFlight ? [.cancel(id: $0.id)] : [] } ?? []
        let sendID = nextSendID
        nextSendID = sendID.next
        exchanges[id] = Exchange(id: sendID, requestID: id)
        detailScroll = 0
        detailColumn = 0
        return (sendID, effects)
    }

    /// Keeps the last recorded response of each request (read from the history at launch) that has no
    /// response of this session: each shows when its request is opened.
    mutating func keep(recorded loaded: [RequestID: HistoryEntry]) {
        for (id, entry) in loaded where exchanges[id] == nil && recorded[id] == nil { recorded[id] = entry }
    }

    /// When request `id` has no exchange and a recorded response waits for it, shows that response (its
    /// status, headers and kept body) without sending; the body is prepared off the loop as a received one.
    /// Returns the effects and what the status bar says, `nil` when nothing was shown.
    mutating func showRecorded(for id: RequestID, keyMap: KeyMap) -> (effects: [Effect], text: String)? {
        guard exchanges[id] == nil, let entry = recorded.removeValue(forKey: id), let status = entry.status else {
            return nil
        }
        var headers = HTTPHeaders()
        for header in entry.responseHeaders { headers.add(header.name, header.value) }
        var response = HTTPResponse(
            status: status, reason: entry.reason ?? "", headers: headers, trailerCount: entry.responseTrailerCount ?? 0,
            url: URL(string: entry.url) ?? URL(fileURLWithPath: "/"))
        response.timing = ResponseFeature.recordedTiming(of: entry)
        let sendID = nextSendID
        nextSendID = sendID.next
        var exchange = Exchange(id: sendID, requestID: id)
        // The request as the history recorded it (its secrets were masked when the line was written).
        exchange.sent = ResponseFeature.recordedRequest(of: entry)
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
        exchanges[id] = exchange
        let time = OverlayView.clock(Date(timeIntervalSince1970: entry.time))
        let kept =
            isWhole
            ? ""
            : " (\(WorkbenchView.formatBytes(bytes.count)) of \(WorkbenchView.formatBytes(entry.responseSize)) kept)"
        let key = AppKeyMap.hint(for: .send, in: keyMap).map { "; \($0) sends it again" } ?? ""
        let text = "The response recorded at \(time)\(kept), from the history\(key)."
        guard !bytes.isEmpty else { return ([], text) }
        let note = isWhole ? nil : "Recorded in the history: the first \(WorkbenchView.formatBytes(bytes.count)) kept."
        return ([.prepareReceived(id: sendID, body, isJSON: response.mediaType?.isJSON ?? false, note: note)], text)
    }
}

extension ResponseFeature {
    /// Makes `exchange`, which a run made for request `id`, the request's current exchange, taken in the way
    /// a send's end is (by ``TransferFeature``, asked of the root).
    static func show(_ exchange: RunExchange, of id: RequestID, _ state: inout State) -> FeatureOutput {
        let (sendID, effects) = state.beginExchange(for: id)
        state.updateExchange(of: id) { shown in
            shown.sent = exchange.request
            shown.scrubber = exchange.scrubber
            shown.attempt = exchange.end.attempts
        }
        return FeatureOutput(
            effects: effects,
            requests: [
                .dispatch(.transfer(sendID, .ended(exchange.end))),
                .dispatch(.transfer(sendID, .scriptsFinished(exchange.scriptOutcomes))),
            ])
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
