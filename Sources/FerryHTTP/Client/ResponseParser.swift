import Foundation

/// Turns a successful response into a value, off the caller's thread.
///
/// Every parser applies the same rules first (PMHTTP's): `401` fails with
/// ``HTTPClientError/Reason/unauthorized(headers:body:)``, any other status outside 2xx with
/// ``HTTPClientError/Reason/failedStatus(code:headers:body:)``; `204`, `205` and the answer to a `HEAD` yield
/// no value (``ParsedResponse/value`` is `nil`, ``ParsedResponse/getValue()`` throws
/// ``HTTPClientError/Reason/unexpectedNoContent(status:)``); a parser that needs a content type (JSON) checks
/// `Content-Type` and fails with ``HTTPClientError/Reason/parseFailed(_:)`` on an empty body of any other
/// status, where it expected a value; the others (`.data`, `.text`, custom parsers that accept any media
/// type) yield no value for an empty body.
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
        let isNoContent = response.status == 204 || response.status == 205 || request.method == .head
        let isEmpty = response.body.isEmpty && response.bodyFile == nil
        // A body spilled to a file (the workbench's destination) is not read by parsers: no value, as before.
        if isNoContent || (isEmpty && (expectedContentType == nil || response.spilledBody != nil)) {
            return ParsedResponse(request: request, response: response, value: nil)
        }
        if isEmpty, let expected = expectedContentType {
            let failure = ParseFailure("the body is empty, where \(expected) was expected")
            throw HTTPClientError(
                .parseFailed(HTTPClientError.ParseFailureDetails(failure, body: Data(), request: request)),
                request: request)
        }
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
    public static var data: ResponseParser<Data> { StandardParsers.data }
}

extension ResponseParser where Value == String {
    /// The body as text in the charset from `Content-Type` (UTF-8 when absent); fails on invalid bytes.
    public static var text: ResponseParser<String> { StandardParsers.text }
}

/// The parsers behind `.data` and `.text` and their twins that start chains.
enum StandardParsers {
    static let data = ResponseParser<Data> { $0.body }

    static let text = ResponseParser<String> { response in
        let mediaType = response.mediaType ?? MediaType("text/plain")
        guard let text = mediaType.decode(response.body) else {
            throw ParseFailure("the body is not valid \(mediaType.charset ?? "UTF-8") text")
        }
        return text
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

// MARK: - Entry points of transformed parsers

// An implicit member chain (`parsing: .decodable(User.self).map { … }`) looks its first member up on the type
// the argument must have, `ResponseParser<NewValue>`: the standard parsers above only exist for their own
// value type, so each has a twin here, available on every `ResponseParser`, that returns the standard one.
// `Tests/FerryHTTPTests/Ergonomics/NaturalSpellingsTests.swift` compiles the spellings this serves.

extension ResponseParser {
    /// A `Decodable` value of `type` from a JSON body, as the start of a chain that transforms it:
    /// `parsing: .decodable(User.self).map(\.name)`.
    public static func decodable<Decoded: Decodable>(
        _ type: Decoded.Type, decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
    ) -> ResponseParser<Decoded> {
        ResponseParser<Decoded>.decodable(decoder: decoder)
    }

    /// The body bytes, as the start of a chain that transforms them: `parsing: .data.map(\.count)`.
    public static var data: ResponseParser<Data> { StandardParsers.data }

    /// The body as text, as the start of a chain that transforms it: `parsing: .text.map { Int($0) }`.
    public static var text: ResponseParser<String> { StandardParsers.text }

    /// The body as a `JSONValue`, as the start of a chain that transforms it:
    /// `parsing: .json.map { try $0["origin"].string() }`.
    public static var json: ResponseParser<JSONValue> { StandardParsers.json(options: .strict) }
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
    /// The value, or `nil` for `204`, `205`, a `HEAD` and (for parsers that accept any content type) an empty
    /// body.
    public var value: Value?

    /// The value; throws ``HTTPClientError/Reason/unexpectedNoContent(status:)`` when there was none.
    public func getValue() throws(HTTPClientError) -> Value {
        guard let value else { throw HTTPClientError(.unexpectedNoContent(status: response.status), request: request) }
        return value
    }
}
