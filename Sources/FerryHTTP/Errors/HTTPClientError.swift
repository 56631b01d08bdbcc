import Foundation

/// Why a request failed, with the request it belongs to and a message a person can act on.
///
/// ```swift
/// do { _ = try await client.send(request) } catch {
///     switch error.reason {
///     case .failedStatus(let code, _, _): print("server said \(code)")
///     case .canceled: break
///     default: print(error.message)
///     }
/// }
/// ```
public struct HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason for the failure.
    public enum Reason: Sendable, Hashable {
        /// The server answered with a status outside 2xx (other than 401).
        case failedStatus(code: Int, headers: HTTPHeaders, body: Data)
        /// The server answered `401 Unauthorized`.
        case unauthorized(headers: HTTPHeaders, body: Data)
        /// The response's `Content-Type` is not the one the parse handler needs.
        case unexpectedContentType(expected: String, actual: String?)
        /// The response had no content (204, 205 or an empty body) where a value was required.
        case unexpectedNoContent(status: Int)
        /// The parse handler could not make a value out of the body: the underlying error, where it failed and
        /// how the body began.
        case parseFailed(ParseFailureDetails)
        /// The host name did not resolve.
        case cannotResolveHost(String)
        /// Nothing listens at the host and port.
        case connectionRefused(host: String, port: Int?)
        /// A time limit passed during the given phase.
        case timedOut(TimeoutPhase)
        /// The TLS handshake or certificate check failed, and why (``TLSFailure/kind``).
        case tlsFailure(TLSFailure)
        /// The peer reset or dropped the connection mid-exchange.
        case connectionReset
        /// The body ended before its declared length, or its framing was broken.
        case bodyTruncated(String)
        /// The response cannot be read as HTTP says (RFC 9110), and why: conflicting `Content-Length` fields, or
        /// one that is not a number or too large to be one.
        case malformedResponse(String)
        /// The body in memory would exceed the request's limit.
        case bodyTooLarge(limit: Int)
        /// More redirects than the policy allows.
        case tooManyRedirects(limit: Int)
        /// The URL can't be used, and why.
        case invalidURL(String)
        /// A part of the request can't go on the wire as it is (a line break in a header, a method that is not
        /// a token, a URL that is too long, …), so nothing was sent: see ``HTTPRequest/wireViolation``.
        case unsendable(WireViolation)
        /// A local file (request body or response destination) could not be read or written.
        case fileFailed(String)
        /// The request was canceled.
        case canceled
        /// An interceptor refused the request or its response, saying why (a ``ResponseValidator``, a failed token refresh).
        case rejected(String)
        /// Another transport failure, with the transport's own code and text.
        case transport(code: Int, detail: String)
    }

    /// The phase a time limit hit.
    public enum TimeoutPhase: String, Sendable, Hashable {
        /// Resolving the host or opening the connection.
        case connecting = "connecting"
        /// Sending the request or waiting for the response to start.
        case waitingForResponse = "waiting for the response"
        /// Receiving the response body.
        case receivingBody = "receiving the body"
    }

    /// Why the request failed.
    public var reason: Reason
    /// The request that failed.
    public var request: HTTPRequest
    /// The request heads the transport had written before the failure, when the request asked for them
    /// (``HTTPRequest/recordsSentHead``); empty otherwise, and when it failed before sending anything.
    public var sentHeads: [SentRequestHead] = []

    /// An error for `request` with the given reason.
    public init(_ reason: Reason, request: HTTPRequest) {
        self.reason = reason
        self.request = request
    }

    /// Whether this error means the request was canceled.
    public var isCanceled: Bool { reason == .canceled }

    /// The status code for status failures, else `nil`.
    public var statusCode: Int? {
        switch reason {
        case .failedStatus(let code, _, _): code
        case .unauthorized: 401
        default: nil
        }
    }

    /// `METHOD target: message`, the method and target shortened to an ``InputExcerpt``.
    public var description: String {
        "\(InputExcerpt(request.method.rawValue).unquoted) \(InputExcerpt(request.targetDescription).unquoted): \(message)"
    }
}
