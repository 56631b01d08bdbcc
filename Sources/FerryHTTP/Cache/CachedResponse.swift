import Foundation

/// A response kept by an ``HTTPCache``: its status, headers and body, when it was asked for and received
/// (for its age, RFC 9111 §4.2.3), and the request's values of the headers its `Vary` names.
struct CachedResponse: Sendable, Codable, Hashable {
    /// The primary key (``CacheRules/key(for:cookies:)``): a hash of the method, the URL and the credentials.
    var key: String
    var status: Int
    var reason: String
    /// The header fields in order, as name and value pairs.
    var headerFields: [[String]]
    var body: Data
    /// When the request went out and when its response arrived.
    var requestTime: Date
    var responseTime: Date
    /// The request's value (or absence) of each header the response's `Vary` names, names lowercased, each
    /// value as its SHA-1 (`Vary: Authorization` must not write the credential down).
    var varyValues: [String: String?]

    /// The header fields.
    var headers: HTTPHeaders {
        get { HTTPHeaders(headerFields.compactMap { $0.count == 2 ? (name: $0[0], value: $0[1]) : nil }) }
        set { headerFields = newValue.map { [$0.name, $0.value] } }
    }

    /// An entry for `response` to `request`, sent at `requestTime` and received at `responseTime`.
    init(_ response: HTTPResponse, to request: HTTPRequest, key: String, requestTime: Date, responseTime: Date) {
        self.key = key
        status = response.status
        reason = response.reason
        headerFields = response.headers.map { [$0.name, $0.value] }
        body = response.body
        self.requestTime = requestTime
        self.responseTime = responseTime
        varyValues = Self.varyValues(of: request, for: response.headers)
    }

    /// Roughly how many bytes the entry takes.
    var cost: Int { body.count + headerFields.reduce(64) { $0 + $1.reduce(0) { $0 + $1.utf8.count } } }

    /// Whether `request` selects this entry: the same values of the headers `Vary` names (RFC 9111 §4.1).
    func matches(_ request: HTTPRequest) -> Bool {
        varyValues.allSatisfy { name, value in Self.normalized(request.headers.values(for: name)) == value }
    }

    /// The request's values of the headers `Vary` names in `headers`.
    static func varyValues(of request: HTTPRequest, for headers: HTTPHeaders) -> [String: String?] {
        var values: [String: String?] = [:]
        for name in varyNames(in: headers) { values[name] = .some(normalized(request.headers.values(for: name))) }
        return values
    }

    /// The header names in every `Vary` field, lowercased.
    static func varyNames(in headers: HTTPHeaders) -> [String] {
        headers.values(for: "Vary").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// Field values combined as one, with spaces around commas normalised, as a SHA-1; `nil` when absent.
    private static func normalized(_ values: [String]) -> String? {
        guard !values.isEmpty else { return nil }
        return CacheRules.hashed(
            values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: ","))
    }
}
