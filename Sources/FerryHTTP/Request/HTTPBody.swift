import Foundation

/// What a request sends after its headers.
///
/// ```swift
/// request.body = .form(["name": "Ada"])
/// request.body = try .json(encoding: NewUser(name: "Ada"))
/// request.body = .file(URL(fileURLWithPath: "big.bin"), contentType: "application/octet-stream")
/// ```
public enum HTTPBody: Sendable, Hashable {
    /// No body.
    case none
    /// Raw bytes with an optional `Content-Type`.
    case data(Data, contentType: String?)
    /// Encoded JSON text, sent as `application/json`.
    case json(Data)
    /// Parameters sent as `application/x-www-form-urlencoded` (see ``FormParameters/encoded``).
    case form(FormParameters)
    /// A `multipart/form-data` body, streamed part by part.
    case multipart(MultipartForm)
    /// The contents of a file, streamed from disk.
    case file(URL, contentType: String?)

    /// A JSON body from an `Encodable` value.
    public static func json<Value: Encodable>(encoding value: Value, encoder: JSONEncoder = JSONEncoder()) throws
        -> HTTPBody
    {
        .json(try encoder.encode(value))
    }

    /// A UTF-8 text body.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> HTTPBody {
        .data(Data(text.utf8), contentType: contentType)
    }

    /// The `Content-Type` this body implies, if any.
    public var contentType: String? {
        switch self {
        case .none: nil
        case .data(_, let contentType), .file(_, let contentType): contentType
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .multipart(let form): form.contentType
        }
    }

    /// Whether there is nothing to send.
    public var isEmpty: Bool {
        if case .none = self { true } else { false }
    }
}
