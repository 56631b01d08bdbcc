import Foundation

extension HTTPClientError {
    /// What a parser could not read: the underlying error, where in the body it failed, and how the body began.
    ///
    /// ```swift
    /// if case .parseFailed(let failure) = error.reason {
    ///     print(failure.path ?? "-", failure.underlying as? DecodingError as Any, failure.bodyExcerpt)
    /// }
    /// ```
    public struct ParseFailureDetails: Sendable, Hashable, CustomStringConvertible {
        /// How many bytes of the body ``bodyExcerpt`` quotes at most: 1 KiB.
        public static let excerptLimit = 1024

        /// The error the parser threw, such as a `DecodingError`, a `JSONParseError` or a `JSONAccessError`.
        public var underlying: any Error
        /// What the underlying error says, without its path.
        public var explanation: String
        /// Where in the body it failed: a coding path (`.user.age`, `[2].name`), or `line L, column C` for JSON
        /// that did not parse; `nil` when the error does not say.
        public var path: String?
        /// The body's first bytes (up to ``excerptLimit``) as text, control characters escaped and the
        /// request's secrets (the values of its sensitive headers) masked.
        public var bodyExcerpt: String
        /// The body's size in bytes.
        public var bodyLength: Int

        /// The failure of a parser that threw `underlying` on `body`, a response to `request`.
        public init(_ underlying: any Error, body: Data, request: HTTPRequest) {
            self.underlying = underlying
            (explanation, path) = Self.describe(underlying)
            bodyExcerpt = Self.excerpt(of: body, maskingSecretsOf: request)
            bodyLength = body.count
        }

        /// `explanation at path`.
        public var description: String { path.map { "\(explanation) at \($0)" } ?? explanation }

        /// Equal when they say the same about the same body (the underlying errors compare by description).
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.explanation == rhs.explanation && lhs.path == rhs.path && lhs.bodyExcerpt == rhs.bodyExcerpt
                && lhs.bodyLength == rhs.bodyLength
        }

        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(explanation)
            hasher.combine(path)
            hasher.combine(bodyExcerpt)
            hasher.combine(bodyLength)
        }
    }
}

// MARK: - Reading the underlying error

extension HTTPClientError.ParseFailureDetails {
    /// The text to show for a secret in an excerpt.
    static let mask = "••••••"

    private static func describe(_ error: any Error) -> (explanation: String, path: String?) {
        switch error {
        case let error as DecodingError: describe(error)
        case let error as JSONParseError: (error.message, "line \(error.line), column \(error.column)")
        case let error as JSONAccessError: (error.reason, error.path.description)
        default: (String(describing: error), nil)
        }
    }

    private static func describe(_ error: DecodingError) -> (explanation: String, path: String?) {
        let (explanation, context): (String, DecodingError.Context)
        switch error {
        case .typeMismatch(let type, let found):
            (explanation, context) = ("expected \(type): \(found.debugDescription)", found)
        case .valueNotFound(let type, let found):
            (explanation, context) = ("no \(type) value: \(found.debugDescription)", found)
        case .keyNotFound(let key, let found):
            (explanation, context) = ("no member \"\(key.stringValue)\"", found)
        case .dataCorrupted(let found):
            (explanation, context) = (
                found.underlyingError.map(String.init(describing:)) ?? found.debugDescription, found
            )
        @unknown default:
            return (String(describing: error), nil)
        }
        return (explanation, codingPath(context.codingPath))
    }

    /// `.user.age`, `[2].name`; `nil` for the top level.
    private static func codingPath(_ keys: [any CodingKey]) -> String? {
        guard !keys.isEmpty else { return nil }
        return keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }

    /// The first ``excerptLimit`` bytes as text (invalid UTF-8 replaced), secrets masked, controls escaped.
    private static func excerpt(of body: Data, maskingSecretsOf request: HTTPRequest) -> String {
        var text = String(decoding: body.prefix(excerptLimit), as: UTF8.self)
        for secret in secrets(of: request) { text = text.replacingOccurrences(of: secret, with: mask) }
        return text.unicodeScalars.map(InputExcerpt.printable).joined()
    }

    /// The values of the request's sensitive headers and their credentials (after the scheme), longest first;
    /// values under 3 characters are left alone, since masking them would mangle ordinary text.
    private static func secrets(of request: HTTPRequest) -> [String] {
        var values: [String] = []
        for header in request.headers where request.isSensitiveHeader(header.name) {
            values.append(header.value)
            if let space = header.value.firstIndex(of: " ") {
                values.append(String(header.value[header.value.index(after: space)...]))
            }
        }
        return values.filter { $0.count >= 3 }.sorted { $0.count > $1.count }
    }
}
