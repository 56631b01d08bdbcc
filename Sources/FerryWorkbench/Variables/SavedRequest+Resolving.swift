import FerryHTTP
import Foundation

// MARK: - From a saved request to FerryHTTP's request (pure: no IO)

extension SavedRequest {
    /// The request ready for ``HTTPClient``: variables substituted, Basic credentials encoded,
    /// `Authorization: Digest user password` turned into ``HTTPAuth/digest(user:password:)``, directives
    /// applied (`@timeout`, `@connection-timeout`, `@no-redirect`, `@no-cookie-jar`, `@insecure`, `@retries`, `@reconnect`).
    ///
    /// Throws ``VariableError`` for an unresolved variable (naming it and where it was used) or a
    /// URL that is not an absolute `http(s)` URL once resolved.
    public func resolved(with context: VariableContext) throws -> HTTPRequest {
        try prepared(with: context).httpRequest(
            location: sourceMap.map { SourceLocation(file: $0.file, line: $0.requestLine) })
    }
}

extension PreparedRequest {
    /// This request as FerryHTTP's ``HTTPRequest``; headers whose value came from a secret are marked
    /// ``HTTPRequest/sensitiveHeaders``, so they do not follow a redirect to another origin.
    public func httpRequest(location: SourceLocation? = nil) throws -> HTTPRequest {
        // A `GRPC` request's `grpc://` and `grpcs://` are HTTP/2 over `http://` and `https://`.
        let url = method.uppercased() == SavedRequest.grpcMethod ? GRPCRequestMessages.httpURL(url) : url
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let parsed = URL(string: url),
            parsed.host?.isEmpty == false
        else {
            throw VariableError(.invalidURL(InputExcerpt(maskedURL).unquoted), part: "the URL", location: location)
        }
        var fields = HTTPHeaders(headers.map { ($0.name, $0.value) })
        let digest = fields["Authorization"].flatMap(Self.digestCredentials)
        if digest != nil { fields.remove("Authorization") }
        var request = HTTPRequest(
            HTTPMethod(rawValue: method), url: parsed, headers: fields,
            body: body.map { .data($0, contentType: nil) } ?? .none)
        request.auth = digest
        // A header built from a secret does not follow a redirect to another origin.
        request.sensitiveHeaders = Set(headers.filter { $0.value != $0.maskedValue }.map(\.name))
        request.usesCookieJar = usesCookieJar
        request.usesCache = usesCache
        if let timeout { request.timeout = .milliseconds(Int64(timeout * 1000)) }
        if let connectionTimeout { request.connectTimeout = .milliseconds(Int64(connectionTimeout * 1000)) }
        if !followsRedirects { request.redirectPolicy = .none }
        if !verifiesTLS { request.tlsVerification = .disabled }
        request.clientCertificate = clientCertificate
        if retries > 0 { request.retryPolicy = RetryPolicy(maximumRetries: retries) }
        if let reconnections {
            request.eventStream = EventStreamOptions(reconnects: true, maximumReconnections: reconnections)
        }
        // `HTTP/2` after the URL asks for HTTP/2 (as in JetBrains); `HTTP/1.1` is the usual default.
        if httpVersion == "HTTP/2" { request.httpVersion = .http2 }
        return request
    }

    /// `Digest user password` (the JetBrains syntax, variables already substituted) as credentials for the
    /// transport to answer the server's challenge with; `nil` for any other `Authorization` value.
    static func digestCredentials(_ value: String) -> HTTPAuth? {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        // `Digest username="a", realm=…` is a ready-made header, sent as it is.
        guard words.count == 3, words[0].lowercased() == "digest", !words[1].contains("=") else { return nil }
        return .digest(user: String(words[1]), password: String(words[2]))
    }
}
