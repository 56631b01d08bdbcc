import Foundation

// MARK: - FerryJSON

extension ResponseParser where Value == JSONValue {
    /// The body as a `JSONValue` (key order and numbers kept as sent); `application/json` or `+json` required.
    public static var json: ResponseParser<JSONValue> { json(options: .strict) }

    /// The body as a `JSONValue` parsed with `options`; `application/json` or `+json` required.
    public static func json(options: JSONParseOptions) -> ResponseParser<JSONValue> {
        StandardParsers.json(options: options)
    }
}

extension StandardParsers {
    /// The parser behind `ResponseParser.json(options:)` and the `.json` that starts chains.
    static func json(options: JSONParseOptions) -> ResponseParser<JSONValue> {
        ResponseParser(expectedContentType: "application/json", acceptsMediaType: { $0?.isJSON ?? false }) { response in
            try JSONValue(parsing: response.body, options: options)
        }
    }
}

extension ResponseParser {
    /// A value made from the body's `JSONValue` by `transform` in one step (PMHTTP's `parseAsJSON(using:)`);
    /// `application/json` or `+json` required. A `JSONAccessError` or other error `transform` throws becomes
    /// ``HTTPClientError/Reason/parseFailed(_:)`` with its path and an excerpt of the body.
    ///
    /// ```swift
    /// let origin = try await client.value(
    ///     for: HTTPRequest(path: "/get"), parsing: .json { json in try json["origin"].string() })
    /// ```
    public static func json(
        options: JSONParseOptions = .strict, using transform: @escaping @Sendable (JSONValue) throws -> Value
    ) -> ResponseParser<Value> {
        ResponseParser(expectedContentType: "application/json", acceptsMediaType: { $0?.isJSON ?? false }) { response in
            try transform(try JSONValue(parsing: response.body, options: options))
        }
    }
}

extension HTTPBody {
    /// A JSON body from a `JSONValue`, written compactly in its own key order.
    public static func json(_ value: JSONValue) -> HTTPBody {
        .json(Data(value.formattedBytes(.compact)))
    }
}
