// MARK: - Idempotency (RFC 9110 §9.2.2)

extension HTTPMethod {
    /// Whether sending the request twice has the same effect as sending it once: GET, HEAD, OPTIONS,
    /// TRACE, PUT and DELETE. POST, PATCH and unknown verbs are not.
    public var isIdempotent: Bool {
        switch rawValue.uppercased() {
        case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE": true
        default: false
        }
    }
}
