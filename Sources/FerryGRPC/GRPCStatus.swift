import FerryHTTP

/// A call's outcome: its code and message, from the `grpc-status` and `grpc-message` trailers.
public struct GRPCStatus: Sendable, Hashable, CustomStringConvertible {
    /// The status codes of gRPC's `status.proto`.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// Success.
        case ok = 0
        /// The call was cancelled (by the caller).
        case cancelled = 1
        /// Unknown error.
        case unknown = 2
        /// The client sent an invalid argument.
        case invalidArgument = 3
        /// The deadline passed before the call completed.
        case deadlineExceeded = 4
        /// Something was not found.
        case notFound = 5
        /// Something already exists.
        case alreadyExists = 6
        /// The caller may not do this.
        case permissionDenied = 7
        /// Some resource (quota, space) ran out.
        case resourceExhausted = 8
        /// The system is not in a state for this.
        case failedPrecondition = 9
        /// The operation was aborted (a conflict).
        case aborted = 10
        /// Past the valid range.
        case outOfRange = 11
        /// The server does not implement the method.
        case unimplemented = 12
        /// An internal error.
        case `internal` = 13
        /// The service is unavailable for now.
        case unavailable = 14
        /// Data was lost.
        case dataLoss = 15
        /// The caller is not authenticated.
        case unauthenticated = 16

        /// The name as gRPC spells it: `NOT_FOUND`.
        public var name: String {
            switch self {
            case .ok: "OK"
            case .cancelled: "CANCELLED"
            case .unknown: "UNKNOWN"
            case .invalidArgument: "INVALID_ARGUMENT"
            case .deadlineExceeded: "DEADLINE_EXCEEDED"
            case .notFound: "NOT_FOUND"
            case .alreadyExists: "ALREADY_EXISTS"
            case .permissionDenied: "PERMISSION_DENIED"
            case .resourceExhausted: "RESOURCE_EXHAUSTED"
            case .failedPrecondition: "FAILED_PRECONDITION"
            case .aborted: "ABORTED"
            case .outOfRange: "OUT_OF_RANGE"
            case .unimplemented: "UNIMPLEMENTED"
            case .internal: "INTERNAL"
            case .unavailable: "UNAVAILABLE"
            case .dataLoss: "DATA_LOSS"
            case .unauthenticated: "UNAUTHENTICATED"
            }
        }
    }

    /// The code (an unknown number reads as ``Code/unknown``).
    public var code: Code
    /// The message, percent-decoded; may be empty.
    public var message: String

    /// A status of `code` with `message`.
    public init(_ code: Code, message: String = "") {
        self.code = code
        self.message = message
    }

    /// Whether the call succeeded.
    public var isOK: Bool { code == .ok }

    /// `NOT_FOUND: no member 8`, or the name alone without a message.
    public var description: String { message.isEmpty ? code.name : "\(code.name): \(message)" }

    /// The status in `headers` (trailers, or the headers of a Trailers-Only response), or `nil` without
    /// `grpc-status`.
    public init?(headers: HTTPHeaders) {
        guard let text = headers["grpc-status"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        code = Int(text).flatMap(Code.init(rawValue:)) ?? .unknown
        message = Self.percentDecoded(headers["grpc-message"] ?? "")
    }

    /// A stream the server reset before its status reached Ferry (libcurl's `CURLE_HTTP2_STREAM`, twice):
    /// `INTERNAL`, as PROTOCOL-HTTP2.md maps a reset without trailers; an unknown method is the usual cause.
    public static let streamReset = GRPCStatus(
        .internal, message: "the server reset the HTTP/2 stream before its status arrived (often an unknown method)")

    /// libcurl's `CURLE_HTTP2_STREAM`.
    static let curlStreamError = 92

    /// The status an HTTP response without `grpc-status` stands for (PROTOCOL-HTTP2.md's HTTP to gRPC mapping).
    public static func forHTTPStatus(_ status: Int) -> GRPCStatus {
        let code: Code =
            switch status {
            case 400: .internal
            case 401: .unauthenticated
            case 403: .permissionDenied
            case 404: .unimplemented
            case 429, 502, 503, 504: .unavailable
            default: .unknown
            }
        return GRPCStatus(code, message: "the server answered HTTP \(status) without a gRPC status")
    }

    /// `grpc-message`'s percent-encoding undone (invalid sequences kept as they are).
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
                let value = UInt8(String(decoding: source[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
