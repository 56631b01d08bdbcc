/// An interceptor that turns responses failing a check into errors, so that `client.send(_:)` throws for
/// them as it does for transport failures.
///
/// ```swift
/// let client = HTTPClient(
///     transport: CurlTransport(),
///     interceptors: [ResponseValidator.statusCode(200..<300), ResponseValidator.contentType(["application/json"])])
/// ```
public struct ResponseValidator: HTTPInterceptor {
    /// The check: `nil` when the response passes, else the reason the request fails with.
    public let check: @Sendable (HTTPResponse) -> HTTPClientError.Reason?
    /// The name a request uses to go without this validator, or `nil` (see ``identified(as:)``).
    public private(set) var interceptorID: InterceptorID?

    /// A validator from `check`, which returns `nil` for a good response or the reason to fail with.
    public init(_ check: @escaping @Sendable (HTTPResponse) -> HTTPClientError.Reason?) {
        self.check = check
    }

    /// This validator with the identifier `id`, so that a request can leave it out
    /// (``RequestInterceptors/excluded``).
    public func identified(as id: InterceptorID) -> ResponseValidator {
        var copy = self
        copy.interceptorID = id
        return copy
    }

    /// Fails a successful transfer whose response does not pass ``check``; failures pass unchanged.
    public func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int)
        async -> InterceptorDecision
    {
        guard case .success(let response) = result, let reason = check(response) else { return .proceed(result) }
        return .proceed(.failure(HTTPClientError(reason, request: request)))
    }

    // MARK: - Common checks

    /// Accepts the status codes in `codes`; any other fails with
    /// ``HTTPClientError/Reason/failedStatus(code:headers:body:)``, or
    /// ``HTTPClientError/Reason/unauthorized(headers:body:)`` for `401`.
    public static func statusCode(_ codes: some RangeExpression<Int> & Sendable) -> ResponseValidator {
        ResponseValidator { response in
            guard !codes.contains(response.status) else { return nil }
            if response.status == 401 { return .unauthorized(headers: response.headers, body: response.body) }
            return .failedStatus(code: response.status, headers: response.headers, body: response.body)
        }
    }

    /// Accepts only 2xx statuses.
    public static var successfulStatus: ResponseValidator { statusCode(200..<300) }

    /// Accepts responses whose media type (`type/subtype`, case-insensitive) is one of `types`; `*` as the
    /// subtype (`text/*`) accepts any subtype. Responses without content (`204`, `205`, an empty body) pass,
    /// as there is nothing to type.
    public static func contentType(_ types: [String]) -> ResponseValidator {
        let accepted = types.map { $0.lowercased() }
        return ResponseValidator { response in
            let hasContent = response.status != 204 && response.status != 205 && !response.body.isEmpty
            guard hasContent else { return nil }
            let actual = response.mediaType?.essence.lowercased()
            if let actual, accepted.contains(where: { Self.mediaType(actual, matches: $0) }) { return nil }
            return .unexpectedContentType(
                expected: types.joined(separator: " or "), actual: response.headers["Content-Type"])
        }
    }

    /// Fails responses for which `problem` returns a description of what is wrong, with
    /// ``HTTPClientError/Reason/rejected(_:)``.
    public static func custom(_ problem: @escaping @Sendable (HTTPResponse) -> String?) -> ResponseValidator {
        ResponseValidator { response in problem(response).map { .rejected($0) } }
    }

    /// Fails responses that lack any of the headers `names` (case-insensitive), or, with `values`, whose header
    /// has another value, with ``HTTPClientError/Reason/malformedResponse(_:)`` naming the header.
    ///
    /// ```swift
    /// client.interceptors.append(ResponseValidator.requiredHeaders(["X-Request-ID"]))
    /// client.interceptors.append(ResponseValidator.requiredHeaders(["X-API-Version"], values: ["X-API-Version": "2"]))
    /// ```
    public static func requiredHeaders(_ names: [String], values: [String: String] = [:]) -> ResponseValidator {
        ResponseValidator { response in
            for name in names {
                guard let value = response.headers[name] else {
                    return .malformedResponse("the response has no \(name) header")
                }
                if let wanted = values.first(where: { $0.key.lowercased() == name.lowercased() })?.value,
                    value != wanted
                {
                    return .malformedResponse("the \(name) header is \"\(value)\", not \"\(wanted)\"")
                }
            }
            return nil
        }
    }

    private static func mediaType(_ actual: String, matches pattern: String) -> Bool {
        if pattern.hasSuffix("/*") { return actual.hasPrefix(pattern.dropLast()) }
        return actual == pattern
    }
}
