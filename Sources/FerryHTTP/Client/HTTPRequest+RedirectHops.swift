import Foundation

// MARK: - Sensitive headers on redirects

extension HTTPRequest {
    /// The headers that are always sensitive: credentials and cookies.
    static let alwaysSensitiveHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// Whether the header `name` must not follow a redirect that leaves the request's origin: `Authorization`,
    /// `Proxy-Authorization` (unless the request goes through a ``proxy``, which it is for), `Cookie`, and
    /// every name in ``sensitiveHeaders`` (all compared without case).
    public func isSensitiveHeader(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        if lowercased == "proxy-authorization" { return proxy == nil }
        return Self.alwaysSensitiveHeaders.contains(lowercased)
            || sensitiveHeaders.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Whether ``HTTPClient`` follows this resolved request's redirects itself, one transfer per hop, over
    /// `transport`: when the transport would repeat a sensitive header on a hop to another origin (libcurl drops
    /// only `Authorization` and `Cookie` lines, which are left to it unless marked sensitive).
    func followsRedirectHopsInClient(over transport: any HTTPTransport) -> Bool {
        guard case .follow = redirectPolicy else { return false }
        let repeatsSensitiveHeader = headers.contains { name, _ in
            let lowercased = name.lowercased()
            guard isSensitiveHeader(name) else { return false }
            return lowercased == "proxy-authorization"
                || sensitiveHeaders.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
        }
        // The cast last: the first check of a conformance scans every conformance record of the binary, which a
        // request without such a header need not pay.
        return repeatsSensitiveHeader && transport is any HeaderRepeatingRedirectTransport
    }

    /// The request for the hop a `status` redirect points to at `location`, as browsers make it: `303` turns
    /// every method but `HEAD` into `GET`, `301` and `302` turn `POST` into `GET`, and those drop the body and
    /// the headers describing it; `307` and `308` keep both. When `location` leaves `origin` (the first URL's
    /// scheme, host and port) the sensitive headers and any ``auth`` are dropped, and named in the result.
    func redirected(to location: URL, status: Int, origin: URL) -> (request: HTTPRequest, dropped: DroppedHeaders?) {
        var next = self
        next.target = .url(location)
        next.query = [:]
        let becomesGET = status == 303 ? method != .head : (status == 301 || status == 302) && method == .post
        if becomesGET {
            next.method = .get
            next.body = .none
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location"] {
                next.headers.remove(name)
            }
        }
        guard Self.origin(of: location) != Self.origin(of: origin) else { return (next, nil) }
        var names: [String] = []
        for (name, _) in headers where isSensitiveHeader(name) && !names.contains(name) {
            names.append(name)
            next.headers.remove(name)
        }
        if auth != nil {
            next.auth = nil
            if !names.contains(where: { $0.lowercased() == "authorization" }) { names.append("Authorization") }
        }
        guard !names.isEmpty else { return (next, nil) }
        return (
            next, DroppedHeaders(names: names, origin: Self.origin(of: origin), hopOrigin: Self.origin(of: location))
        )
    }

    /// `scheme://host[:port]`, lowercased, the port left out when it is the scheme's default.
    package static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let host = url.host?.lowercased() ?? ""
        let defaultPort = scheme == "https" ? 443 : 80
        let port = url.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)"
    }
}

/// A transport that follows redirects within one transfer and repeats the request's header lines on every hop,
/// dropping only `Authorization` and `Cookie` lines when a hop leaves the first URL's origin (libcurl, which
/// cannot change headers between hops): ``HTTPClient`` follows the hops of a request with other sensitive
/// headers itself (``HTTPRequest/followsRedirectHopsInClient(over:)``).
protocol HeaderRepeatingRedirectTransport: HTTPTransport {}
