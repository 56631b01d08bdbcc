import Foundation

// MARK: - Verb helpers

/// One call per common request, relative to the client's ``HTTPClient/environment`` (or an absolute
/// `http(s)://` string). Without `parsing:` they return the response whatever its status, as
/// ``HTTPClient/send(_:)`` does; with it, the parsed value, as ``HTTPClient/value(for:parsing:)`` does.
///
/// ```swift
/// let page = try await client.get("/get", query: ["page": 2])
/// let created = try await client.post("/post", json: NewUser(name: "Ada"), parsing: .json)
/// let patched = try await client.send(.patch, "/patch", json: ["name": "Ada"])
/// ```
extension HTTPClient {
    /// `GET path?query`.
    public func get(_ path: String, query: FormParameters = [:], headers: HTTPHeaders = [:])
        async throws(HTTPClientError) -> HTTPResponse
    {
        try await send(HTTPRequest(.get, path: path, parameters: query, headers: headers))
    }

    /// `GET path?query`, parsed with `parser`.
    public func get<Value>(
        _ path: String, query: FormParameters = [:], headers: HTTPHeaders = [:], parsing parser: ResponseParser<Value>
    ) async throws(HTTPClientError) -> Value {
        try await value(for: HTTPRequest(.get, path: path, parameters: query, headers: headers), parsing: parser)
    }

    /// `method path` with `parameters` in the query or a form body, as the method prefers
    /// (``HTTPRequest/init(_:path:parameters:headers:)``).
    public func send(
        _ method: HTTPMethod, _ path: String, parameters: FormParameters = [:], headers: HTTPHeaders = [:]
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await send(HTTPRequest(method, path: path, parameters: parameters, headers: headers))
    }

    /// `method path` with `parameters` placed as the method prefers, parsed with `parser`.
    public func send<Value>(
        _ method: HTTPMethod, _ path: String, parameters: FormParameters = [:], headers: HTTPHeaders = [:],
        parsing parser: ResponseParser<Value>
    ) async throws(HTTPClientError) -> Value {
        try await value(for: HTTPRequest(method, path: path, parameters: parameters, headers: headers), parsing: parser)
    }

    /// `POST path` with `json` encoded by `encoder`; a value that does not encode fails with
    /// ``HTTPClientError/Reason/rejected(_:)`` before anything is sent.
    public func post(
        _ path: String, json: some Encodable, encoder: JSONEncoder = JSONEncoder(), headers: HTTPHeaders = [:]
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await send(.post, path, json: json, encoder: encoder, headers: headers)
    }

    /// `POST path` with `json` encoded by `encoder`, the response parsed with `parser`.
    public func post<Value>(
        _ path: String, json: some Encodable, encoder: JSONEncoder = JSONEncoder(), headers: HTTPHeaders = [:],
        parsing parser: ResponseParser<Value>
    ) async throws(HTTPClientError) -> Value {
        try await send(.post, path, json: json, encoder: encoder, headers: headers, parsing: parser)
    }

    /// `POST path` with `form` as an `application/x-www-form-urlencoded` body.
    public func post(_ path: String, form: FormParameters, headers: HTTPHeaders = [:])
        async throws(HTTPClientError) -> HTTPResponse
    {
        try await send(.post, path, form: form, headers: headers)
    }

    /// `POST path` with `form` as an `application/x-www-form-urlencoded` body, parsed with `parser`.
    public func post<Value>(
        _ path: String, form: FormParameters, headers: HTTPHeaders = [:], parsing parser: ResponseParser<Value>
    ) async throws(HTTPClientError) -> Value {
        try await send(.post, path, form: form, headers: headers, parsing: parser)
    }

    /// `POST path` with `multipart` as a `multipart/form-data` body, streamed part by part, after a text field
    /// for each of `parameters` (PMHTTP's multipart requests).
    public func post(
        _ path: String, parameters: FormParameters = [:], multipart: MultipartForm, headers: HTTPHeaders = [:]
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await send(.post, path, parameters: parameters, multipart: multipart, headers: headers)
    }

    /// `POST path` with `parameters` and `multipart` as a `multipart/form-data` body, parsed with `parser`.
    public func post<Value>(
        _ path: String, parameters: FormParameters = [:], multipart: MultipartForm, headers: HTTPHeaders = [:],
        parsing parser: ResponseParser<Value>
    ) async throws(HTTPClientError) -> Value {
        try await send(.post, path, parameters: parameters, multipart: multipart, headers: headers, parsing: parser)
    }

    // MARK: Bodies for any method

    /// `method path` (PUT, PATCH, DELETE, …) with `json` encoded by `encoder`; a value that does not encode
    /// fails with ``HTTPClientError/Reason/rejected(_:)`` before anything is sent.
    ///
    /// ```swift
    /// let replaced = try await client.send(.put, "/put", json: ["name": "Ada"], parsing: .json)
    /// ```
    public func send(
        _ method: HTTPMethod, _ path: String, json: some Encodable, encoder: JSONEncoder = JSONEncoder(),
        headers: HTTPHeaders = [:]
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await send(try Self.request(method, path, json: json, encoder: encoder, headers: headers))
    }

    /// `method path` with `json` encoded by `encoder`, the response parsed with `parser`.
    public func send<Value>(
        _ method: HTTPMethod, _ path: String, json: some Encodable, encoder: JSONEncoder = JSONEncoder(),
        headers: HTTPHeaders = [:], parsing parser: ResponseParser<Value>
    ) async throws(HTTPClientError) -> Value {
        try await value(
            for: try Self.request(method, path, json: json, encoder: encoder, headers: headers), parsing: parser)
    }

    /// `method path` with `form` as an `application/x-www-form-urlencoded` body, whatever the method.
    public func send(_ method: HTTPMethod, _ path: String, form: FormParameters, headers: HTTPHeaders = [:])
        async throws(HTTPClientError) -> HTTPResponse
    {
        try await send(HTTPRequest(method, path: path, headers: headers, body: .form(form)))
    }

    /// `method path` with `form` as an `application/x-www-form-urlencoded` body, parsed with `parser`.
    public func send<Value>(
        _ method: HTTPMethod, _ path: String, form: FormParameters, headers: HTTPHeaders = [:],
        parsing parser: ResponseParser<Value>
    ) async throws(HTTPClientError) -> Value {
        try await value(for: HTTPRequest(method, path: path, headers: headers, body: .form(form)), parsing: parser)
    }

    /// `method path` with a `multipart/form-data` body: a text field for each of `parameters` (flattened as a
    /// form would be), then the parts of `multipart`, streamed part by part.
    public func send(
        _ method: HTTPMethod, _ path: String, parameters: FormParameters = [:], multipart: MultipartForm,
        headers: HTTPHeaders = [:]
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await send(Self.request(method, path, parameters: parameters, multipart: multipart, headers: headers))
    }

    /// `method path` with `parameters` and `multipart` as a `multipart/form-data` body, parsed with `parser`.
    public func send<Value>(
        _ method: HTTPMethod, _ path: String, parameters: FormParameters = [:], multipart: MultipartForm,
        headers: HTTPHeaders = [:], parsing parser: ResponseParser<Value>
    ) async throws(HTTPClientError) -> Value {
        try await value(
            for: Self.request(method, path, parameters: parameters, multipart: multipart, headers: headers),
            parsing: parser)
    }

    /// A request with a multipart body whose first fields are `parameters`.
    private static func request(
        _ method: HTTPMethod, _ path: String, parameters: FormParameters, multipart: MultipartForm,
        headers: HTTPHeaders
    ) -> HTTPRequest {
        var form = MultipartForm(boundary: multipart.boundary)
        for (name, value) in parameters.flattened { form.append(name, value) }
        form.parts += multipart.parts
        return HTTPRequest(method, path: path, headers: headers, body: .multipart(form))
    }

    /// A request with a JSON body, or a rejection naming why `value` did not encode.
    private static func request(
        _ method: HTTPMethod, _ path: String, json value: some Encodable, encoder: JSONEncoder, headers: HTTPHeaders
    ) throws(HTTPClientError) -> HTTPRequest {
        let request = HTTPRequest(method, path: path, headers: headers)
        do {
            var encoded = request
            encoded.body = .json(try encoder.encode(value))
            return encoded
        } catch {
            throw HTTPClientError(.rejected("the JSON body could not be encoded: \(error)"), request: request)
        }
    }
}
