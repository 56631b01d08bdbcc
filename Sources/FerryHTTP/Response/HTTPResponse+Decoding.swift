import Foundation

extension HTTPResponse {
    /// The body decoded as JSON into `type`, under the rules of the `decodable` ``ResponseParser``: a failing
    /// status, a body that is not JSON, an empty body or one that does not decode throws (the error's request
    /// is a `GET` of ``url``, the response's own address).
    ///
    /// ```swift
    /// let response = try await client.get("/get")
    /// let echo = try response.decode(Echo.self)
    /// ```
    public func decode<Value: Decodable & Sendable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder())
        throws(HTTPClientError) -> Value
    {
        let decoding = ResponseParser<Value>.decodable(decoder: { decoder })
        return try decoding.process(self, for: HTTPRequest(url: url)).getValue()
    }
}
