import Foundation

extension AttemptDriver {
    /// Puts the client's ``HTTPCache`` (if any) in front of `attempt`: a fresh stored response answers it
    /// without the transport (returned as its handle); else a stored one's validators make it conditional,
    /// and `events` learn to store what comes back, turn a `304` into the stored response and drop what an
    /// unsafe request changed (whether or not the request ``HTTPRequest/usesCache``). `nil` means "send it".
    func answerFromCache(_ attempt: inout PreparedAttempt, events: inout TransferEvents, bodySink: ResponseBodyBuffer?)
        -> (any TransferHandle)?
    {
        guard let cache = client.cache else { return nil }
        let request = attempt.sent
        let completion = events.completion
        // Cookies added per hop (by the transport or the hop follower) are not in the request's headers: the key
        // takes the jar's for the URL.
        let cookies = request.url.flatMap { attempt.jar?.cookieHeader(for: $0) }
        guard request.usesCache, CacheRules.isCacheable(request),
            let key = CacheRules.key(for: request, cookies: cookies)
        else {
            events.completion = { result in
                if case .success(let response) = result, CacheRules.invalidates(request, status: response.status) {
                    cache.invalidate(request, cookies: cookies)
                }
                completion(result)
            }
            return nil
        }
        let started = ContinuousClock.now
        let stored = cache.entry(for: request, key: key)
        if let stored, CacheRules.isFresh(stored, for: request, at: Date()) {
            var timing = TransferTiming()
            timing.total = ContinuousClock.now - started
            timing.cacheStatus = .hit
            let answer = Self.response(from: stored, for: request, timing: timing, bodyInMemory: bodySink != nil)
            let transfer = MockTransfer(request: request, events: events, queue: .handlers)
            DispatchQueue.handlers.async { transfer.complete(answer) }
            return transfer
        }
        let revalidated = stored.flatMap { entry in CacheRules.conditional(request, on: entry).map { ($0, entry) } }
        if let (conditional, _) = revalidated { attempt.sent = conditional }
        let copy = bodySink.map { sink in
            let copy = BodyCopy(limit: cache.maximumEntrySize)
            sink.tap = { copy.append($0) }
            return copy
        }
        let settling = Settling(
            cache: cache, request: request, key: key, revalidating: revalidated?.1, requestTime: Date(), copy: copy)
        events.completion = { result in completion(settling.settle(result)) }
        return nil
    }

    /// A stored response as the answer to `request`: its `Age` set, its body in memory when
    /// `bodyInMemory` (a streamed send writes it on) or else where the request's destination says.
    static func response(
        from entry: CachedResponse, for request: HTTPRequest, timing: TransferTiming, bodyInMemory: Bool
    ) -> Result<HTTPResponse, HTTPClientError> {
        var headers = entry.headers
        headers.set("Age", String(Int(CacheRules.age(of: entry, at: Date()))))
        let answered: Result<HTTPResponse, HTTPClientError>
        if bodyInMemory {
            answered = .success(
                HTTPResponse(
                    status: entry.status, headers: headers, url: request.url ?? URL(fileURLWithPath: "/"),
                    body: entry.body, tlsVerification: request.tlsVerification))
        } else {
            answered = MockTransport.result(
                of: MockResponse(status: entry.status, headers: headers, body: entry.body), for: request)
        }
        return answered.map { response in
            var response = response
            response.reason = entry.reason
            response.timing = timing
            return response
        }
    }
}

/// What becomes of a cacheable request's outcome: stored when allowed, a `304` to a revalidation replaced
/// by the stored response with its headers refreshed.
private struct Settling: Sendable {
    let cache: HTTPCache
    /// The request as it was before the cache made it conditional.
    let request: HTTPRequest
    /// Its primary key.
    let key: String
    /// The stored response the request was made conditional on.
    let revalidating: CachedResponse?
    let requestTime: Date
    /// The body of a streamed send, as it went by.
    let copy: BodyCopy?

    func settle(_ result: Result<HTTPResponse, HTTPClientError>) -> Result<HTTPResponse, HTTPClientError> {
        guard case .success(var response) = result else { return result }
        let responseTime = Date()
        if let revalidating, response.status == 304 {
            let updated = CacheRules.updated(
                revalidating, with: response, requestTime: requestTime, responseTime: responseTime)
            cache.store(updated)
            var timing = response.timing ?? TransferTiming()
            timing.cacheStatus = .revalidated
            return AttemptDriver.response(from: updated, for: request, timing: timing, bodyInMemory: copy != nil)
        }
        var whole = response
        // A streamed body is kept from its copy; one too large for the cache is not stored.
        let isComplete = copy.map { $0.data != nil } ?? true
        if let body = copy?.data { whole.body = body }
        if isComplete, CacheRules.isStorable(whole, for: request) {
            cache.store(
                CachedResponse(whole, to: request, key: key, requestTime: requestTime, responseTime: responseTime))
        }
        response.timing?.cacheStatus = .miss
        return .success(response)
    }
}

/// A copy of a streamed body, up to a limit (past it, nothing is kept).
private final class BodyCopy: Sendable {
    private let limit: Int
    private let bytes = Locked<Data?>(Data())

    init(limit: Int) { self.limit = limit }

    /// Adds `chunk`, or gives up once the copy would pass the limit.
    func append(_ chunk: UnsafeRawBufferPointer) {
        bytes.withLock { data in
            guard data != nil else { return }
            if (data?.count ?? 0) + chunk.count > limit {
                data = nil
            } else {
                data?.append(contentsOf: chunk)
            }
        }
    }

    /// The copy, or `nil` when it passed the limit.
    var data: Data? { bytes.withLock { $0 } }
}
