import Foundation

/// Follows the redirects of one attempt itself, one transfer per hop, for a request whose sensitive headers
/// the transport would repeat on every hop (``HTTPRequest/followsRedirectHopsInClient(over:)``): each hop
/// leaves them out once it leaves the request's origin, gets the jar's cookies for its own URL, and stores the
/// cookies its response sets before the next hop starts. The result is one response, as a transport following
/// the redirects would report it: every redirect and sent head in order (the first head of a hop that dropped
/// headers says so in ``SentRequestHead/droppedHeaders``), the timing summed over the hops.
///
/// The body of the final response is kept in memory (or in the request's file), never streamed: nothing says
/// which hop is the last one until its head has arrived.
final class RedirectHopFollower: TransferHandle, Sendable {
    private struct State {
        /// The transfer of the hop in flight.
        var current: (any TransferHandle)?
        var isCanceled = false
        var redirects: [Redirect] = []
        var sentHeads: [SentRequestHead] = []
        var timings: [TransferTiming] = []
    }

    private let first: HTTPRequest
    private let transport: any HTTPTransport
    private let jar: CookieJar?
    private let events: TransferEvents
    private let limit: Int
    private let state = Locked(State())

    /// A follower for the resolved `request`, which follows redirects; `jar` is the client's when the request
    /// uses it; `events` get the progress of every hop and one completion.
    init(_ request: HTTPRequest, over transport: any HTTPTransport, jar: CookieJar?, events: TransferEvents) {
        var first = request
        if case .follow(let limit) = request.redirectPolicy {
            self.limit = max(0, limit)
        } else {
            self.limit = 0
        }
        first.redirectPolicy = .none
        self.first = first
        self.transport = transport
        self.jar = jar
        self.events = events
    }

    /// Starts the first hop; returns the follower, the handle that cancels whichever hop is in flight.
    func start() -> Self {
        startHop(first, dropped: nil)
        return self
    }

    func cancel() {
        let current = state.withLock { state in
            state.isCanceled = true
            return state.current
        }
        current?.cancel()
    }

    // MARK: - Internals

    private func startHop(_ request: HTTPRequest, dropped: DroppedHeaders?) {
        var sent = request
        if let jar { sent.addCookies(from: jar) }
        var hopEvents = TransferEvents(progress: events.progress) { [self] result in
            hopEnded(result, request: request, dropped: dropped)
        }
        hopEvents.reportsProgress = events.reportsProgress
        let handle = transport.start(sent, events: hopEvents)
        let isCanceled = state.withLock { state in
            state.current = handle
            return state.isCanceled
        }
        if isCanceled { handle.cancel() }
    }

    private func hopEnded(
        _ result: Result<HTTPResponse, HTTPClientError>, request: HTTPRequest, dropped: DroppedHeaders?
    ) {
        switch result {
        case .failure(var error):
            error.sentHeads = state.withLock { $0.sentHeads } + Self.heads(error.sentHeads, noting: dropped)
            events.completion(.failure(error))
        case .success(let response):
            jar?.storeCookies(from: response)
            let heads = Self.heads(response.sentHeads, noting: dropped)
            guard let target = Self.redirectTarget(of: response) else {
                return events.completion(.success(merged(response, lastHeads: heads)))
            }
            let (next, drop) = request.redirected(to: target, status: response.status, origin: first.url ?? target)
            let (count, isCanceled) = state.withLock { state in
                state.redirects.append(
                    Redirect(status: response.status, from: response.url, to: target, headers: response.headers))
                state.sentHeads += heads
                if let timing = response.timing { state.timings.append(timing) }
                return (state.redirects.count, state.isCanceled)
            }
            if isCanceled { return events.completion(.failure(HTTPClientError(.canceled, request: first))) }
            guard count <= limit else {
                var error = HTTPClientError(.tooManyRedirects(limit: limit), request: first)
                error.sentHeads = state.withLock { $0.sentHeads }
                return events.completion(.failure(error))
            }
            startHop(next, dropped: drop)
        }
    }

    /// Where a redirect response points, when it is one to follow (an `http(s)` URL).
    private static func redirectTarget(of response: HTTPResponse) -> URL? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: response.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return target
    }

    /// `heads` with the first one noting `dropped`.
    private static func heads(_ heads: [SentRequestHead], noting dropped: DroppedHeaders?) -> [SentRequestHead] {
        var heads = heads
        if let dropped, !heads.isEmpty { heads[0].droppedHeaders = dropped }
        return heads
    }

    /// The final hop's response with the earlier hops' redirects, heads and time.
    private func merged(_ response: HTTPResponse, lastHeads: [SentRequestHead]) -> HTTPResponse {
        var merged = response
        let (redirects, heads, timings) = state.withLock { ($0.redirects, $0.sentHeads, $0.timings) }
        merged.redirects = redirects
        merged.sentHeads = heads + lastHeads
        if let last = response.timing, !timings.isEmpty { merged.timing = last.summed(afterHops: timings) }
        return merged
    }
}

extension TransferTiming {
    /// This final hop's timing with the earlier `hops`' added: each phase and byte count summed, ``redirect``
    /// the hops' total; the connection facts stay the final hop's.
    func summed(afterHops hops: [TransferTiming]) -> TransferTiming {
        var sum = self
        for hop in hops {
            sum.dnsLookup += hop.dnsLookup
            sum.connect += hop.connect
            sum.tlsHandshake += hop.tlsHandshake
            sum.requestSent += hop.requestSent
            sum.waiting += hop.waiting
            sum.download += hop.download
            sum.total += hop.total
            sum.redirect += hop.total
            sum.bytesSent += hop.bytesSent
            sum.bytesReceived += hop.bytesReceived
        }
        return sum
    }
}
