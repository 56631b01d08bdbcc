import Foundation

/// What a response handler can read about the response: `response.status`, `response.headers`,
/// `response.body`, `response.contentType`, `response.statusText` and `response.responseTime`.
public struct ScriptResponseFacts: Sendable {
    /// The status code.
    public var status: Int
    /// The headers in the order they arrived; names as sent (lookups ignore case).
    public var headers: [(name: String, value: String)]
    /// The body bytes (decoded as UTF-8 for scripts).
    public var body: Data
    /// For a streamed body (an event stream, NDJSON), its lines as `response.body.onEachLine` hands them to
    /// the callback: each event's data, or each line; `nil` for other bodies, which scripts get whole.
    public var lines: [String]?
    /// The reason phrase (`response.statusText`): the server's, or the standard one for the status.
    public var statusText = ""
    /// How long the exchange took, in milliseconds (`response.responseTime`), when known.
    public var responseTime: Int?
    /// The response checked against the request's contract (`response.contractViolations()`), `nil` when
    /// none is set.
    public var contract: ContractCheck?

    /// A response with its status, headers and body, and for a streamed body its lines.
    public init(status: Int, headers: [(name: String, value: String)], body: Data, lines: [String]? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.lines = lines
    }

    /// The `Content-Type` header's media type, lower-cased (`response.contentType.mimeType`).
    public var mimeType: String? { contentTypeParts?.mimeType }

    /// The `Content-Type` header's `charset` parameter (`response.contentType.charset`).
    public var charset: String? { contentTypeParts?.charset }

    /// Whether scripts get the body as a parsed JSON value: `application/json` or any `+json` type.
    public var isJSON: Bool {
        guard let mimeType else { return false }
        return mimeType == "application/json" || mimeType.hasSuffix("+json")
    }

    private var contentTypeParts: (mimeType: String, charset: String?)? {
        guard let header = headers.first(where: { $0.name.lowercased() == "content-type" }) else { return nil }
        let parts = header.value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let mimeType = parts.first?.lowercased() ?? ""
        let charset = parts.dropFirst().compactMap { parameter -> String? in
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { return nil }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }.first
        return (mimeType, charset)
    }
}
