import FerryHTTP
import Foundation

/// One gRPC call's request: the target, its metadata, its messages (already protobuf bytes) and a deadline.
///
/// Every call kind goes out the same way: the messages framed one after another as the HTTP/2 request body,
/// which a unary or server-streaming call has one of, and a client-streaming or bidirectional call as many as
/// it was given (as the JetBrains client sends them), then half-closed.
public struct GRPCCall: Sendable {
    /// Where it goes.
    public var target: GRPCTarget
    /// Custom metadata, sent as HTTP/2 headers (names lower-cased by HTTP/2).
    public var metadata: HTTPHeaders
    /// The request messages, encoded.
    public var messages: [[UInt8]]
    /// The deadline, sent as `grpc-timeout` and enforced here too.
    public var timeout: Duration?

    /// A call; see the properties.
    public init(target: GRPCTarget, metadata: HTTPHeaders = [:], messages: [[UInt8]], timeout: Duration? = nil) {
        self.target = target
        self.metadata = metadata
        self.messages = messages
        self.timeout = timeout
    }

    /// The HTTP/2 request carrying the call: `POST /Service/Method` with `content-type: application/grpc` and
    /// `te: trailers` and `grpc-accept-encoding: gzip`, over cleartext HTTP/2 by prior knowledge for `grpc://` and
    /// TLS with ALPN for `grpcs://`. Metadata `grpc-encoding: gzip` sends the messages gzip-compressed.
    /// The caller may still set TLS options (certificate authority, `# @insecure`) on it.
    public func httpRequest() throws(GRPCCallError) -> HTTPRequest {
        guard let url = target.url else { throw GRPCCallError.invalidTarget(target.description) }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/grpc")
        headers.add("TE", "trailers")
        headers.add("User-Agent", "ferry-grpc")
        if let timeout { headers.add("grpc-timeout", GRPCTimeout.headerValue(timeout)) }
        for header in metadata {
            let lowered = header.name.lowercased()
            guard !GRPCCall.reservedHeaders.contains(lowered) else { continue }
            headers.add(header.name, header.value)
        }
        let encoding = metadata["grpc-encoding"]?.lowercased() ?? "identity"
        guard encoding == "gzip" || encoding == "identity" else {
            throw GRPCCallError.unsupportedEncoding(encoding)
        }
        if metadata["grpc-accept-encoding"] == nil { headers.add("grpc-accept-encoding", "gzip") }
        let body = messages.reduce(into: [UInt8]()) { $0 += GRPCFrame.framed($1, compressed: encoding == "gzip") }
        var request = HTTPRequest(.post, url: url, headers: headers, body: .data(Data(body), contentType: nil))
        request.httpVersion = target.usesTLS ? .http2 : .http2PriorKnowledge
        request.timeout = timeout
        request.redirectPolicy = .none
        request.usesCookieJar = false
        request.usesCache = false
        request.usesFreshConnection = true
        return request
    }

    /// Headers the call sets itself; metadata of these names is left out.
    static let reservedHeaders: Set<String> = ["content-type", "te", "grpc-timeout", "content-length"]
}

/// Why a call could not be made or its answer read (a non-OK status is not an error but a ``GRPCStatus``).
public enum GRPCCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The target is not a URL.
    case invalidTarget(String)
    /// The response is not gRPC (not `application/grpc`, or its messages are not framed as gRPC frames them).
    case notGRPC(String)
    /// The metadata asks for a `grpc-encoding` Ferry cannot compress with (only `gzip` and `identity`).
    case unsupportedEncoding(String)

    /// In words.
    public var description: String {
        switch self {
        case .invalidTarget(let target): "\(target) is not a gRPC target (host:port/package.Service/Method)"
        case .notGRPC(let why): "the response is not gRPC: \(why)"
        case .unsupportedEncoding(let encoding):
            "grpc-encoding: \(encoding) is not one Ferry can send (gzip or identity)"
        }
    }
}
