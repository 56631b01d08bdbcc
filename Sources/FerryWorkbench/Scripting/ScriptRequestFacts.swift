/// What a script can read about the request: `request.method`, `request.url`, `request.headers`,
/// `request.body` and `request.environment`.
public struct ScriptRequestFacts: Sendable, Hashable {
    /// A header as written and after `{{variables}}` were substituted.
    public struct Header: Sendable, Hashable {
        /// The header name.
        public var name: String
        /// The value as written in the file (`getRawValue()`).
        public var raw: String
        /// The value with variables substituted (`tryGetSubstitutedValue()`).
        public var substituted: String

        /// A header with its raw and substituted value.
        public init(name: String, raw: String, substituted: String) {
            self.name = name
            self.raw = raw
            self.substituted = substituted
        }
    }

    /// The method, such as `GET`.
    public var method: String
    /// The URL as written (`request.url.getRaw()`).
    public var rawURL: String
    /// The URL with variables substituted (`request.url.tryGetSubstituted()`).
    public var substitutedURL: String
    /// The headers in order.
    public var headers: [Header]
    /// The body as written, or nil without a body.
    public var rawBody: String?
    /// The body with variables substituted, or nil without a body.
    public var substitutedBody: String?
    /// The selected environment's variables (`request.environment.get(name)`).
    public var environment: [String: String]
    /// Which pass of a data-driven or repeated run this is, from 0 (`request.iteration()`).
    public var iteration: Int

    /// The facts of one request.
    public init(
        method: String, rawURL: String, substitutedURL: String? = nil, headers: [Header] = [],
        rawBody: String? = nil, substitutedBody: String? = nil, environment: [String: String] = [:],
        iteration: Int = 0
    ) {
        self.method = method
        self.rawURL = rawURL
        self.substitutedURL = substitutedURL ?? rawURL
        self.headers = headers
        self.rawBody = rawBody
        self.substitutedBody = substitutedBody ?? rawBody
        self.environment = environment
        self.iteration = iteration
    }
}
