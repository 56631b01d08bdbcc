/// Why a request cannot go on the wire as it is: which part, and what is wrong with it.
///
/// A line break in a header value would end the header early and let the rest of the text add headers, or a
/// whole second request, to the one sent; a NUL would cut it short. ``HTTPClient`` checks every request just
/// before its transport gets it (``HTTPRequest/wireViolation``) and fails it with
/// ``HTTPClientError/Reason/unsendable(_:)`` instead.
///
/// ```swift
/// var request = HTTPRequest(url: URL(string: "https://example.com")!)
/// request.headers["X-Token"] = "abc\r\nX-Admin: 1"
/// request.wireViolation?.description   // header X-Token holds a carriage return (CR) at column 4
/// ```
public struct WireViolation: Sendable, Hashable, CustomStringConvertible {
    /// The part of the request at fault.
    public enum Part: Sendable, Hashable {
        /// The method on the request line.
        case method
        /// The target URL.
        case url
        /// The proxy URL.
        case proxy
        /// A header's name (the name as given).
        case headerName(String)
        /// The value of the header with this name.
        case headerValue(String)
        /// The Digest user name or password, which the transport puts in the `Authorization` header.
        case credentials
        /// The boundary of a multipart body.
        case multipartBoundary
        /// An attribute (`name`, `filename`, `Content-Type`) of the multipart part at this position (from 1).
        case multipartPart(number: Int, attribute: String)
        /// A cookie from the cookie jar, by name.
        case cookie(String)
    }

    /// What is wrong with the part.
    public enum Problem: Sendable, Hashable {
        /// It is empty where something is required.
        case empty
        /// It has `length` characters, more than `limit`.
        case tooLong(length: Int, limit: Int)
        /// It holds `character`, which it must not, at `column` (counted in Unicode scalars, from 1).
        case character(Unicode.Scalar, column: Int)
    }

    /// The part at fault.
    public var part: Part
    /// What is wrong with it.
    public var problem: Problem
    /// A short quotation of the part (``InputExcerpt``), or `nil` where it may be secret (header values,
    /// credentials, cookies, a proxy URL with a password).
    public var excerpt: InputExcerpt?

    /// A violation of `part`, quoting `excerpt` when given.
    public init(_ part: Part, _ problem: Problem, excerpt: InputExcerpt? = nil) {
        self.part = part
        self.problem = problem
        self.excerpt = excerpt
    }

    /// `header X-Token holds a line break (LF) at column 7`, with the excerpt after a colon when there is one.
    public var description: String {
        let text = "\(partDescription) \(problemDescription)"
        return excerpt.map { "\(text): \($0)" } ?? text
    }

    /// `the method`, `header X-Token`, `part 2's filename`, ….
    public var partDescription: String {
        switch part {
        case .method: "the method"
        case .url: "the URL"
        case .proxy: "the proxy URL"
        case .headerName(let name): "the header name \(InputExcerpt(name))"
        case .headerValue(let name): "header \(InputExcerpt(name).unquoted)"
        case .credentials: "the Digest credentials"
        case .multipartBoundary: "the multipart boundary"
        case .multipartPart(let number, let attribute): "multipart part \(number)'s \(attribute)"
        case .cookie(let name): "the jar's cookie \(InputExcerpt(name))"
        }
    }

    /// `is empty`, `is 70000 characters long, over the limit of 65536`, `holds a space at column 4`.
    public var problemDescription: String {
        switch problem {
        case .empty: "is empty"
        case .tooLong(let length, let limit): "is \(length) characters long, over the limit of \(limit)"
        case .character(let character, let column): "holds \(InputExcerpt.name(of: character)) at column \(column)"
        }
    }
}
