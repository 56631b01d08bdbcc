import Foundation

/// Turns a successful response into a value, off the caller's thread.
///
/// Every parser applies the same rules first (PMHTTP's): `401` fails with
/// ``HTTPClientError/Reason/unauthorized(headers:body:)``, any other status outside 2xx with
/// ``HTTPClientError/Reason/failedStatus(code:headers:body:)``; `204`, `205` and empty bodies yield no value
/// (``ParsedResponse/value`` is `nil`, ``ParsedResponse/getValue()`` throws
/// ``HTTPClientError/Reason/unexpectedNoContent(status:)``); a parser that needs JSON checks `Content-Type`.
///
/// ```swift
/// let user = try await client.value(for: request, parsing: .decodable(User.self))
/// ```
public struct ResponseParser<Value: Sendable>: Sendable {
    /// What `Content-Type` the parser needs, described for error messages, or `nil` for any.
    public var expectedContentType: String?
    /// Whether a response's media type is acceptable.
    public var acceptsMediaType: @Sendable (MediaType?) -> Bool
    /// Makes the value from a 2xx response with content.
    public var parse: @Sendable (HTTPResponse) throws -> Value

    /// A custom parser; `parse` runs only for 2xx responses with content.
    public init(
        expectedContentType: String? = nil, acceptsMediaType: @escaping @Sendable (MediaType?) -> Bool = { _ in true },
        parse: @escaping @Sendable (HTTPResponse) throws -> Value
    ) {
        self.expectedContentType = expectedContentType
        self.acceptsMediaType = acceptsMediaType
        self.parse = parse
    }

    /// Applies the status, no-content and content-type rules, then ``parse``.
    public func process(_ response: HTTPResponse, for request: HTTPRequest) throws(HTTPClientError)
        -> ParsedResponse<Value>
    {
        if response.status == 401 {
            throw HTTPClientError(.unauthorized(headers: response.headers, body: response.body), request: request)
        }
        guard response.isSuccess else {
            throw HTTPClientError(
                .failedStatus(code: response.status, headers: response.headers, body: response.body), request: request)
        }
        let hasContent =
            response.status != 204 && response.status != 205 && (!response.body.isEmpty || response.bodyFile != nil)
        guard hasContent else { return ParsedResponse(request: request, response: response, value: nil) }
        guard acceptsMediaType(response.mediaType) else {
            throw HTTPClientError(
                .unexpectedContentType(
                    expected: expectedContentType ?? "different", actual: response.headers["Content-Type"]),
                request: request)
        }
        do {
            return ParsedResponse(request: request, response: response, value: try parse(response))
        } catch let error as HTTPClientError {
            throw error
        } catch {
            let failure = HTTPClientError.ParseFailureDetails(error, body: Self.opening(of: response), request: request)
            throw HTTPClientError(.parseFailed(failure), request: request)
        }
    }

    /// The body's first bytes for an error message: from memory, or from the file it was kept in.
    private static func opening(of response: HTTPResponse) -> Data {
        guard response.body.isEmpty, let file = response.bodyFile, let handle = try? FileHandle(forReadingFrom: file)
        else { return response.body }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: HTTPClientError.ParseFailureDetails.excerptLimit)) ?? Data()
    }
}

// MARK: - Transforming

extension ResponseParser {
    /// A parser that parses like this one, then turns the value into another with `transform` (off the
    /// transport's thread, like parsing). An error `transform` throws fails the request as a parse failure.
    ///
    /// ```swift
    /// let names = ResponseParser.decodable([User].self).map { users in users.map(\.name) }
    /// ```
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) throws -> NewValue) -> ResponseParser<NewValue> {
        let parse = self.parse
        return ResponseParser<NewValue>(expectedContentType: expectedContentType, acceptsMediaType: acceptsMediaType) {
            try transform(try parse($0))
        }
    }
}

// MARK: - Standard parsers

extension ResponseParser where Value == Data {
    /// The body bytes as they are.
    public static var data: ResponseParser<Data> { ResponseParser { $0.body } }
}

extension ResponseParser where Value == String {
    /// The body as text in the charset from `Content-Type` (UTF-8 when absent); fails on invalid bytes.
    public static var text: ResponseParser<String> {
        ResponseParser { response in
            let mediaType = response.mediaType ?? MediaType("text/plain")
            guard let text = mediaType.decode(response.body) else {
                throw ParseFailure("the body is not valid \(mediaType.charset ?? "UTF-8") text")
            }
            return text
        }
    }
}

extension ResponseParser {
    /// A `Decodable` value from a JSON body (`application/json` or `+json` required).
    public static func decodable(
        _ type: Value.Type = Value.self, decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
    ) -> ResponseParser<Value> where Value: Decodable {
        ResponseParser(expectedContentType: "application/json", acceptsMediaType: { $0?.isJSON ?? false }) { response in
            try decoder().decode(Value.self, from: response.body)
        }
    }
}

/// A parse failure with a message, for custom parsers.
public struct ParseFailure: Error, CustomStringConvertible {
    /// What was wrong with the body.
    public var description: String

    /// A failure with the given message.
    public init(_ description: String) { self.description = description }
}

/// A parsed response: the value (absent for no content) and the response it came from.
public struct ParsedResponse<Value: Sendable>: Sendable {
    /// The request as sent.
    public var request: HTTPRequest
    /// The response.
    public var response: HTTPResponse
    /// The value, or `nil` for `204`, `205` and empty bodies.
    public var value: Value?

    /// The value; throws ``HTTPClientError/Reason/unexpectedNoContent(status:)`` when there was none.
    public func getValue() throws(HTTPClientError) -> Value {
        guard let value else { throw HTTPClientError(.unexpectedNoContent(status: response.status), request: request) }
        return value
    }
}
