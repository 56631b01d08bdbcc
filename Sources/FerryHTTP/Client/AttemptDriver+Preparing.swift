import Foundation

/// One attempt of a send, ready for the transport: resolved, with its cookies, adapted by the interceptors
/// and checked for the wire.
struct PreparedAttempt: Sendable {
    /// Which attempt this is, from 0.
    var number: Int
    /// The request as it goes out.
    var sent: HTTPRequest
    /// The client's jar when the request uses it.
    var jar: CookieJar?
    /// The jar's cookies for a transport that matches them on every hop itself.
    var perHopCookieLines: [String]?
    /// Whether the client follows the redirects itself, hop by hop (``RedirectHopFollower``).
    var followsHops: Bool
    /// The interceptors this attempt runs (``HTTPClient/interceptors(for:)``), fixed when it is prepared.
    var interceptors: [any HTTPInterceptor]
}

extension AttemptDriver {
    /// Makes attempt `number` of the request and hands it to `run`, or ends the send when it cannot go out:
    /// every attempt of every send passes here, and the wire check (``HTTPRequest/wireViolation``) comes after
    /// the interceptors adapted it, so whatever changed it, nothing unsafe reaches any transport.
    func prepare(_ number: Int, then run: @escaping @Sendable (PreparedAttempt) -> Void) {
        let attempts = number + 1
        let resolved: HTTPRequest
        do throws(HTTPClientError) {
            resolved = try request.resolved(in: client.environment)
        } catch {
            return fail(error, attempts)
        }
        var attempt = PreparedAttempt(
            number: number, sent: resolved, jar: request.usesCookieJar ? client.cookieJar : nil,
            perHopCookieLines: nil, followsHops: resolved.followsRedirectHopsInClient(over: client.transport),
            interceptors: client.interceptors(for: request))
        attempt.sent.retryBehavior = retryBehavior
        if attempt.sent.timeout == nil { attempt.sent.timeout = client.defaultTimeout }
        // Followed hop by hop, each hop gets the jar's cookies for its own URL (RedirectHopFollower).
        if let jar = attempt.jar, !attempt.followsHops {
            if resolved.sendsCookiesPerHop(over: client.transport) {
                attempt.perHopCookieLines = jar.cookieEngineLines(forTransferOf: resolved)
            } else {
                attempt.sent.addCookies(from: jar)
            }
        }
        guard !attempt.interceptors.isEmpty else { return check(attempt, then: run) }
        let prepared = attempt
        Task {
            var adapted = prepared
            do throws(HTTPClientError) {
                adapted.sent = try await HTTPClient.adapted(prepared.sent, by: prepared.interceptors)
            } catch {
                return self.fail(error, attempts)
            }
            guard !self.isCanceled else { return self.fail(self.canceled, attempts) }
            self.check(adapted, then: run)
        }
    }

    /// Hands `attempt` to `run` unless some part of it cannot go on the wire as it is.
    private func check(_ attempt: PreparedAttempt, then run: (PreparedAttempt) -> Void) {
        if let violation = attempt.sent.wireViolation(cookieLines: attempt.perHopCookieLines) {
            return fail(HTTPClientError(.unsendable(violation), request: attempt.sent), attempt.number + 1)
        }
        run(attempt)
    }
}
