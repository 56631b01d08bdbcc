import Foundation

// MARK: - Resolution against an environment

extension HTTPRequest {
    /// Whether the target is an absolute URL with no query parameters left to fold in.
    public var isResolved: Bool {
        if case .url = target { query.isEmpty && (auth == nil || auth?.isChallengeBased == true) } else { false }
    }

    /// This request made ready to send, with no I/O: an absolute URL with the query folded in, the
    /// environment's default headers and credentials where they apply, `Authorization` and `Content-Type` set
    /// (Digest credentials stay in ``auth`` for the transport).
    ///
    /// Throws ``HTTPClientError/Reason/invalidURL(_:)`` for a path without an environment, a URL that
    /// does not parse, or a scheme other than `http` and `https`.
    public func resolved(in environment: Environment?) throws(HTTPClientError) -> HTTPRequest {
        if let url = alreadyAbsoluteURL {
            return resolved(url, isNewTarget: false, in: environment, applyDefaults: false)
        }
        let base: String
        var applyDefaults: Bool
        switch target {
        case .url(let url):
            base = url.absoluteString
            applyDefaults = false
        case .path(let path):
            if Self.hasHTTPScheme(path) {
                base = path
                applyDefaults = false
            } else if let environment {
                base = environment.url(forPath: path)
                applyDefaults = true
            } else {
                throw HTTPClientError(
                    .invalidURL("\(InputExcerpt(path)) is a relative path and no environment is selected"),
                    request: self)
            }
        }
        let text = Self.appendingQuery(query.encoded, to: base)
        guard let url = URL(string: text) else {
            throw HTTPClientError(.invalidURL("\(InputExcerpt(text)) is not a valid URL"), request: self)
        }
        guard Self.hasHTTPScheme(text) else {
            throw HTTPClientError(
                .invalidURL("\(InputExcerpt(text)) does not start with http:// or https://"), request: self)
        }
        guard let host = url.host, !host.isEmpty else {
            throw HTTPClientError(.invalidURL("\(InputExcerpt(text)) has no host name"), request: self)
        }
        return resolved(url, isNewTarget: true, in: environment, applyDefaults: applyDefaults)
    }

    /// The absolute URL of the target when it needs no work to send: an `http(s)` URL with a host, no
    /// base, fragment or query parameters to fold in (the common case; it skips rebuilding and reparsing
    /// the URL, which would give the same one).
    private var alreadyAbsoluteURL: URL? {
        guard case .url(let url) = target, query.isEmpty, url.baseURL == nil, Self.isPlainHTTPURL(url.absoluteString)
        else { return nil }
        return url
    }

    /// Whether `text` is `http://` or `https://` (any case) followed by a host, with no fragment: checked on
    /// its bytes, since every request passes here (anything else takes the full path, which says what is wrong).
    static func isPlainHTTPURL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            // "http" in any case: setting bit 5 lowercases an ASCII letter.
            guard bytes.count > 8, bytes[0] | 0x20 == UInt8(ascii: "h"), bytes[1] | 0x20 == UInt8(ascii: "t"),
                bytes[2] | 0x20 == UInt8(ascii: "t"), bytes[3] | 0x20 == UInt8(ascii: "p")
            else { return false }
            var index = 4
            if bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] == UInt8(ascii: "/"), index + 3 < bytes.count
            else { return false }
            let hostStart = bytes[index + 3]
            guard !"/?#:@".utf8.contains(hostStart) else { return false }
            return !bytes.contains(UInt8(ascii: "#"))
        } ?? false
    }

    /// This request sent to `url` (its target already, unless `isNewTarget`), with the environment's defaults
    /// and the credentials applied.
    private func resolved(_ url: URL, isNewTarget: Bool, in environment: Environment?, applyDefaults: Bool)
        -> HTTPRequest
    {
        var applyDefaults = applyDefaults
        if !applyDefaults, let environment { applyDefaults = environment.contains(url) }

        // Each change copies the shared storage, so a request already in its resolved form is left as it is.
        var resolved = self
        if isNewTarget { resolved.target = .url(url) }
        if !query.isEmpty { resolved.query = [:] }
        if auth != nil { resolved.auth = nil }
        if applyDefaults, let environment { resolved.headers = headers.addingDefaults(environment.defaultHeaders) }
        if let credentials = auth ?? (applyDefaults ? environment?.defaultAuth : nil),
            !resolved.headers.contains("Authorization")
        {
            if let value = credentials.headerValue {
                resolved.headers.add("Authorization", value)
            } else {
                // Digest: kept on the resolved request for the transport to answer the challenge with.
                resolved.auth = credentials
            }
        }
        if let contentType = body.contentType, !resolved.headers.contains("Content-Type") {
            resolved.headers.add("Content-Type", contentType)
        }
        return resolved
    }

    /// The absolute URL of a resolved request.
    public var url: URL? {
        if case .url(let url) = target { url } else { nil }
    }

    // MARK: - Internals

    private static func hasHTTPScheme(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// `url` with `query` appended to its query (before any fragment, which is dropped: it is never sent).
    private static func appendingQuery(_ query: String, to url: String) -> String {
        let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard !query.isEmpty else { return String(withoutFragment) }
        if withoutFragment.hasSuffix("?") || withoutFragment.hasSuffix("&") { return withoutFragment + query }
        return withoutFragment + (withoutFragment.contains("?") ? "&" : "?") + query
    }
}
